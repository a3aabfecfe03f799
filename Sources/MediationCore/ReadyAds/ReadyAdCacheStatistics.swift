/// What a ``ReadyAdCache`` has done since it was made (``ReadyAdCache/statistics``).
public struct ReadyAdCacheStatistics: Sendable, Hashable {
    /// Loads started (each one ad response fetched and run through the mediator).
    public var loadsStarted = 0
    /// Loads that delivered an ad.
    public var fills = 0
    /// Loads that delivered none (no fill, an error, a refused or failed fetch); cancelled loads are not counted.
    public var failures = 0
    /// Ads handed out.
    public var handedOut = 0
    /// Ads dropped unshown at their expiry (their own lifetime, the cache's maximum age or a bid's expiry); none
    /// of them fired an impression or billing URL.
    public var expiredUnshown = 0
    /// Ads dropped unshown for another reason: their demand was removed or its targeting changed, or the network
    /// invalidated them.
    public var discardedUnshown = 0
    /// Loss notices fired for won bids whose ads were dropped unshown (once per bid).
    public var bidLossNotices = 0

    /// Creates empty statistics.
    package init() {}
}
