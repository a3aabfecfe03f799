/// What a ``NativeAdLoader`` load gave: the ads, and each run's result with its trace.
public struct NativeAdBatch: Sendable {
    /// The loaded ads, in the order their runs were started; 0…N of them.
    public let ads: [NativeAd]
    /// One result per run that was started, in start order.
    public let results: [MediationRunResult]

    /// Creates a batch.
    package init(ads: [NativeAd], results: [MediationRunResult]) {
        self.ads = ads
        self.results = results
    }

    /// The errors of the runs that delivered no ad, in start order.
    public var errors: [MediationError] { results.compactMap(\.error) }
}
