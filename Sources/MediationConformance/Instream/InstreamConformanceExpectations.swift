/// What an in-stream subject promises about its network, so that the in-stream kit checks it instead of skipping.
///
/// Rules for subjects: declare every info key the custom event needs (`slotId` and the like), whether the network
/// serves midroll ads at the midpoints it loads, and whether its video ads carry companion banners (audio ads are
/// always checked with companions). A declaration the adapter does not keep fails its check.
public struct InstreamConformanceExpectations: Sendable, Hashable {
    /// The info keys without which loading must fail at once, with no network load.
    public var requiredInfoKeys: [String]
    /// Whether the network serves midroll ads: the custom event reports the midpoints its data has ads for and
    /// plays the midroll at each. `false`: the custom event must report no midpoints.
    public var servesMidpoints: Bool
    /// Whether the network's video ads carry companion banners (checked like audio's); `false`: the custom event's
    /// video banners must carry none.
    public var videoCarriesCompanions: Bool

    /// Creates expectations; by default no required keys (a skip, which strict mode fails), midpoints served, and
    /// no companions on video.
    public init(requiredInfoKeys: [String] = [], servesMidpoints: Bool = true, videoCarriesCompanions: Bool = false) {
        self.requiredInfoKeys = requiredInfoKeys
        self.servesMidpoints = servesMidpoints
        self.videoCarriesCompanions = videoCarriesCompanions
    }
}
