/// An event that a network reports on a loaded ad, which its adapter must forward to its delegate.
public enum ConformanceNetworkEvent: String, Sendable, Hashable, Codable, CaseIterable {
    /// The network counted an impression.
    case impression
    /// The network detected a click.
    case click
    /// The network is about to present a modal (store sheet, in-app browser).
    case willPresentModal
    /// The network's modal was dismissed.
    case didDismissModal
    /// The network is about to leave the app.
    case willLeaveApplication
}
