/// What a click on a native banner opens (`MTRGNavigationType`).
public enum MyTargetNavigationType: Int, Sendable, Hashable, CaseIterable {
    /// A web site (`MTRGNavigationTypeWeb`, 0); the banner carries a `domain`.
    case web = 0
    /// An app store page (`MTRGNavigationTypeStore`, 1); the banner carries a `rating` and `votes`.
    case store = 1
    /// A lead form inside the ad (`MTRGNavigationTypeWebForm`, 2; not in SDK 5.11).
    case webForm = 2

    /// The value of the unified `navigationtype` key: `web`, `store` or `webform`.
    public var unifiedName: String {
        switch self {
        case .web: "web"
        case .store: "store"
        case .webForm: "webform"
        }
    }
}
