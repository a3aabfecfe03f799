import MediationCore

/// How the conformance kit drives the network under an adapter: makes a stand-in, arranges what it answers,
/// makes it report events on a loaded ad, and tells whether a load was attempted.
///
/// `StandIn` is whatever plays the network in checks: a sandbox network, a fake SDK object, a scripted loader.
/// The kit makes a fresh stand-in for every check, on that check's manual clock, and drops it afterwards.
///
/// Rules for the closures:
/// - `makeStandIn` gets the check's clock; schedule every network delay on it.
/// - `arrange` is called before the custom event is made and before each request; later loads answer per the
///   latest scenario.
/// - `trigger` makes the network report the event on the network ad behind `ad` (dig it out of `ad.adapter`),
///   exactly as the real SDK would report it, once. Return `false` when the network cannot report that event
///   at all; the kit then skips the checks that need it.
/// - `trigger` never shows, registers or binds the ad itself: it reports what the SDK would report for the ad as
///   it is now. A network that counts events only on a registered or bound view reports nothing for an ad that
///   is not shown (return `true`: it can report the event, just not now). The kit shows a view-binding ad
///   (`NativeAdViewBindingAdapter`) before every event that must count, and triggers an
///   impression on an unbound one only in the `view-binding` check, where the SDK must stay silent.
/// - `invalidate` (optional) makes the network drop the network ad behind `ad` before its lifetime, as the SDK
///   does when an ad goes stale; return `false` when the network never invalidates ads. Without it (or when it
///   returns `false`) the `invalidation-expires` check passes, saying that the network never invalidates ads,
///   unless the subject declares ``ConformanceExpectations/networkInvalidatesAds``: then it fails.
/// - `loadAttempts` counts the loads the adapter asked the network for, including ones it later cancelled.
/// - `observe` tells what the network saw: the latest request's fields, whether the network ad behind `ad` is
///   registered for interaction, the host-reported events the adapter passed on. Leave a field `nil` when the
///   stand-in cannot tell; the checks that need it are then skipped.
/// - Honour every field of ``ConformanceScenario``: latency, thread, callback count and interval, and whether a
///   cancelled load still answers (a network without a cancel always does).
/// - `observe` also tells which load call each load used (``ConformanceObservation/markupLoads``,
///   ``ConformanceObservation/ordinaryLoads``), for an adapter that loads bids.
/// - Keep served network ads weakly, or not at all, so that the memory check sees only the adapter's graph.
public struct ConformanceNetworkDriver<StandIn: Sendable>: Sendable {
    /// Makes a fresh stand-in on the check's clock.
    public var makeStandIn: @Sendable (MediationClock) -> StandIn
    /// Arranges how the stand-in answers the next loads.
    public var arrange: @Sendable (StandIn, ConformanceScenario) -> Void
    /// Makes the network report an event on a loaded ad; `false` when the network cannot report it.
    public var trigger: @Sendable (StandIn, ConformanceNetworkEvent, NativeAd) -> Bool
    /// How many loads the adapter asked the network for so far.
    public var loadAttempts: @Sendable (StandIn) -> Int
    /// What the network saw, for the ad given (or for the latest load when `nil`).
    public var observe: @Sendable (StandIn, NativeAd?) -> ConformanceObservation
    /// Makes the network invalidate the network ad behind a loaded ad before its lifetime runs out; `false` when
    /// the network never invalidates ads. `nil` (the default): the network never invalidates ads, and the
    /// `invalidation-expires` check passes saying so, unless the subject declares
    /// ``ConformanceExpectations/networkInvalidatesAds`` (then it fails). Set it after creating the driver.
    public var invalidate: (@Sendable (StandIn, NativeAd) -> Bool)? = nil
    /// Makes the adapter's bid signal provider over the stand-in's bidder-token call, for an adapter that has one
    /// (``ConformanceCheck/bidSignalInTime``). The stand-in must answer the token call on the check's clock. `nil`
    /// (the default): the adapter has no provider, which the subject declares with
    /// ``ConformanceExpectations/providesBidSignal`` `false`. Set it after creating the driver.
    public var bidSignalProvider: (@Sendable (StandIn) -> any BidSignalProvider)? = nil
    /// Makes the stand-in's markup load call reject `markup` from now on, as the SDK rejects a bid it cannot load
    /// (its own error: unknown, expired or malformed bid) (``ConformanceCheck/invalidBidMarkup``). `nil` (the
    /// default): the check tries only markup the adapter itself must refuse (empty, blank) and says so. Set it
    /// after creating the driver.
    public var rejectBidMarkup: (@Sendable (StandIn, String) -> Void)? = nil

    /// Creates a driver from its parts; without `observe`, the stand-in observes nothing.
    public init(
        makeStandIn: @escaping @Sendable (MediationClock) -> StandIn,
        arrange: @escaping @Sendable (StandIn, ConformanceScenario) -> Void,
        trigger: @escaping @Sendable (StandIn, ConformanceNetworkEvent, NativeAd) -> Bool,
        loadAttempts: @escaping @Sendable (StandIn) -> Int,
        observe: @escaping @Sendable (StandIn, NativeAd?) -> ConformanceObservation = { _, _ in
            ConformanceObservation()
        }
    ) {
        self.makeStandIn = makeStandIn
        self.arrange = arrange
        self.trigger = trigger
        self.loadAttempts = loadAttempts
        self.observe = observe
    }
}
