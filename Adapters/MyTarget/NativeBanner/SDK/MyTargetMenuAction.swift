/// One entry of the AdChoices menu (`MTRGMenuAction`): a title, a style, and what a tap does.
public final class MyTargetMenuAction: Sendable {
    /// How the entry looks (`MTRGMenuActionStyle`).
    public enum Style: Sendable, Hashable {
        /// A normal entry (`MTRGMenuActionStyleDefault`).
        case `default`
        /// The entry that closes the menu without acting (`MTRGMenuActionStyleCancel`).
        case cancel
    }

    /// The entry's text.
    public let title: String
    /// The entry's style.
    public let style: Style
    private let handler: @Sendable () -> Void

    /// Creates an entry that runs `handler` when tapped.
    public init(title: String, style: Style, handler: @escaping @Sendable () -> Void) {
        self.title = title
        self.style = style
        self.handler = handler
    }

    /// The user tapped the entry (`handleClick`).
    public func handleClick() {
        handler()
    }
}
