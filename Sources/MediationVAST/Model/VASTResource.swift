import Foundation

/// A creative resource of a non-linear ad, companion or icon.
public enum VASTResource: Sendable, Hashable {
    /// `StaticResource`: an image (or other file) URL with its `creativeType` (MIME).
    case staticResource(url: URL, creativeType: String?)
    /// `IFrameResource`: a URL to load in an iframe.
    case iframe(URL)
    /// `HTMLResource`: an HTML snippet.
    case html(String)
}

extension VASTResource {
    /// The resource's URL (`[ASSETURI]`): the static resource's or the iframe's; `nil` for HTML.
    public var url: URL? {
        switch self {
        case .staticResource(let url, _): url
        case .iframe(let url): url
        case .html: nil
        }
    }
}
