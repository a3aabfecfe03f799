import Foundation

/// Fires tracker URLs (impression, click, before- and after-load) fire-and-forget.
///
/// Conformers must return at once (do the request elsewhere), be safe to call from any thread, and never
/// report back into the engine. The URLSession version lives in MediationNetworking; tests use a recording
/// double.
public protocol TrackerPinging: Sendable {
    /// Fires one GET to `url`; failures are the pinger's own business.
    func ping(_ url: URL)
}

/// A pinger that fires nothing, for hosts that track elsewhere and for the demo.
public struct DiscardingTrackerPinger: TrackerPinging {
    /// Creates the pinger.
    public init() {}

    /// Does nothing.
    public func ping(_ url: URL) {}
}
