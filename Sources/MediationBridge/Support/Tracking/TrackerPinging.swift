import Foundation

/// Fires tracker URLs (impression, click, before- and after-load) fire-and-forget.
///
/// Rules for conformers:
/// - Return at once (do the request elsewhere), be safe to call from any thread, and never report back into
///   the engine.
/// - The engine and ``NativeAd`` call ``ping(_:)-(TrackerPing)``; its default implementation forwards the URL to
///   ``ping(_:)-(URL)``. Implement the `TrackerPing` form to deduplicate by owner or to treat impressions and
///   clicks specially.
///
/// The URLSession version lives in MediationNetworking; tests use a recording double.
public protocol TrackerPinging: Sendable {
    /// Fires one GET to `url`; failures are the pinger's own business.
    func ping(_ url: URL)

    /// Fires one tracker ping; failures are the pinger's own business.
    func ping(_ ping: TrackerPing)

    /// Fires pings taken at one moment, in order: an auction's win and loss notices when its run ends. A pinger
    /// that makes pings durable before it returns (a journal) can then make them durable together, in one write,
    /// rather than one write (and one `fsync`) per ping while the load's result waits. The default implementation
    /// calls ``TrackerPinging/ping(_:)-(TrackerPing)`` for each.
    func ping(contentsOf pings: [TrackerPing])

    /// Whether every ping is dropped unsent (``DiscardingTrackerPinger``); the engine then skips building
    /// after-load URLs nobody will fire. `false` by default.
    var discardsPings: Bool { get }
}

extension TrackerPinging {
    /// `false`: pings are sent.
    public var discardsPings: Bool { false }

    /// Fires `ping.url` through ``ping(_:)-(URL)``.
    public func ping(_ ping: TrackerPing) {
        self.ping(ping.url)
    }

    /// Fires each of `pings` through ``TrackerPinging/ping(_:)-(TrackerPing)``, in order.
    public func ping(contentsOf pings: [TrackerPing]) {
        for ping in pings { self.ping(ping) }
    }
}
