/// What a network stand-in saw, as far as it can tell: the kit reads it to check what the adapter told the
/// network, including which load call a bid's markup went to. Every field is optional; `nil` means the stand-in cannot observe it, and the checks that need it
/// are skipped (which fails a strict run).
public struct ConformanceObservation: Sendable, Hashable {
    /// Whether the network ad behind the observed ad is registered with the network for impression and click
    /// tracking now (myTarget's `registerView`, an ad view's `nativeAd`, an SDK's measurement start).
    public var isRegisteredForInteraction: Bool?
    /// The network's request fields of the latest load, flattened to names and values of the stand-in's
    /// choosing (such as `customParams.age` = `34`, `npa` = `1`, `bidId` = the markup). Compared with
    /// ``ConformanceExpectations/request``.
    public var lastRequest: [String: String]?
    /// How many impressions the adapter passed to the network from the host (`trackImpression`) for the
    /// observed ad.
    public var hostReportedImpressions: Int?
    /// How many clicks the adapter passed to the network from the host (`trackClick`) for the observed ad.
    public var hostReportedClicks: Int?
    /// The bid markup the adapter handed the network's markup load call (myTarget's `loadFromBid:`), one entry
    /// per such load since the stand-in was made, in order (``ConformanceCheck/bidMarkupLoad``). Set it after
    /// creating the observation; `nil`: the stand-in cannot tell.
    public var markupLoads: [String]? = nil
    /// How many ordinary loads (without markup) the adapter asked the network for since the stand-in was made
    /// (``ConformanceCheck/bidMarkupLoad``). Set it after creating the observation; `nil`: the stand-in cannot
    /// tell.
    public var ordinaryLoads: Int? = nil

    /// Creates an observation; everything unobserved by default.
    public init(
        isRegisteredForInteraction: Bool? = nil, lastRequest: [String: String]? = nil,
        hostReportedImpressions: Int? = nil, hostReportedClicks: Int? = nil
    ) {
        self.isRegisteredForInteraction = isRegisteredForInteraction
        self.lastRequest = lastRequest
        self.hostReportedImpressions = hostReportedImpressions
        self.hostReportedClicks = hostReportedClicks
    }
}
