/// `mediation bench --feed`: what a user scrolling a feed feels, loading each ad on demand against keeping ads
/// ready in a ``ReadyAdCache`` (``BenchFeed``).
public struct BenchFeedReport: Codable, Sendable, Hashable {
    /// Time-to-show percentiles, in milliseconds.
    public struct Percentiles: Codable, Sendable, Hashable {
        /// The median.
        public var p50: Double
        /// The 95th percentile.
        public var p95: Double
        /// The 99th percentile.
        public var p99: Double
    }

    /// The figures of one way of loading.
    public struct Mode: Codable, Sendable, Hashable {
        /// From a slot coming into view to its ad on screen, over the ads shown after each session's first.
        public var timeToShowMs: Percentiles
        /// The median over sessions of the first ad's time to show.
        public var firstAdMs: Double
        /// Ads shown, over every session.
        public var shownAds: Int
        /// Slots that scrolled out of view before an ad came.
        public var missedSlots: Int
        /// Network requests (line attempts) per ad shown.
        public var requestsPerShownAd: Double
        /// Ads loaded per ad shown (an ad loaded for a slot already gone, or still in the cache when the session
        /// ends, is loaded and not shown).
        public var fillsPerShownAd: Double
        /// Ads dropped unshown at their expiry.
        public var expiredUnshown: Int
        /// Ads shown after their expiry (0 when the engine works).
        public var shownAfterExpiry: Int
        /// The median over sessions of the malloc heap the cache held at the session's end (0 on demand, and where
        /// the platform does not report its heap).
        public var cacheBytes: Int
    }

    /// The workload whose world the loads meet.
    public var workload: String
    /// The strategy every load runs.
    public var strategy: String
    /// The simulated sessions.
    public var sessions: Int
    /// Ad slots that came into view, over every session.
    public var slots: Int
    /// The ready ads the cache keeps.
    public var readyAds: Int
    /// Loading each ad as its slot comes into view.
    public var onDemand: Mode
    /// Taking each ad from a cache filled from the session's start.
    public var withCache: Mode
}
