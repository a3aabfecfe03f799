/// The host's listener for an ``InstreamAdSession``; usually the view controller that owns the content player.
///
/// Every call arrives on the main actor, queued in the order the events happened, whatever thread the network
/// or player reported on.
///
/// Rules for conformers: adopt it from a `@MainActor` class; hold the session strongly and let the session hold
/// you weakly.
@MainActor
public protocol InstreamAdSessionDelegate: AnyObject, Sendable {
    /// The session reported `event`.
    func instreamAdSession(_ session: InstreamAdSession, didReport event: InstreamAdEvent)
}
