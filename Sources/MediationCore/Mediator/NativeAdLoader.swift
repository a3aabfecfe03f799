/// Loads several ads for a feed (1…20) by running the waterfall once per ad, a few runs at a time.
///
/// Each of the N ads gets one run of the same ad response; the batch holds the ads that loaded (0…N) and
/// every run's result and trace. Once a run ends cancelled, rate limited, frequency capped or paced, no further runs
/// start.
public final class NativeAdLoader: Sendable {
    /// How many ads one load may ask for.
    package static let countRange: ClosedRange<Int> = 1...20

    /// The mediator that runs the waterfall.
    package let mediator: Mediator
    /// How many runs may go on at once.
    package let maxConcurrentRuns: Int

    /// Creates a loader.
    ///
    /// - Throws: ``MediationError/invalidConfiguration(path:reason:)`` naming `maxConcurrentRuns` when it is
    ///   outside 1…20.
    public init(mediator: Mediator, maxConcurrentRuns: Int = 3) throws(MediationError) {
        guard Self.countRange.contains(maxConcurrentRuns) else {
            throw .invalidConfiguration(
                path: "maxConcurrentRuns", reason: "expected a number in 1...20, got \(maxConcurrentRuns)")
        }
        self.mediator = mediator
        self.maxConcurrentRuns = maxConcurrentRuns
    }

    /// Loads up to `count` ads from `response`.
    ///
    /// Cancelling the calling task cancels the runs in flight; the batch then holds what loaded before.
    ///
    /// - Throws: ``MediationError/invalidConfiguration(path:reason:)`` naming `count` when it is outside 1…20.
    public func loadAds(count: Int, from response: AdResponse) async throws(MediationError) -> NativeAdBatch {
        try Self.check(count)
        if Task.isCancelled { return NativeAdBatch(ads: [], results: []) }
        let delivery = OneShotResult<NativeAdBatch>()
        let load = try loadAds(count: count, from: response, delivery: .immediate) { batch in delivery.deliver(batch) }
        return await withTaskCancellationHandler {
            await delivery.value
        } onCancel: {
            load.cancel()
        }
    }

    /// Loads up to `count` ads from `response` and calls `completion` once with the batch.
    ///
    /// The first runs start before this returns; `completion` runs as `delivery` says: on the main queue by
    /// default, on a queue of yours, or ``CallbackDelivery/immediate`` on the engine's thread.
    ///
    /// - Returns: a handle that cancels the runs in flight.
    /// - Throws: ``MediationError/invalidConfiguration(path:reason:)`` naming `count` when it is outside 1…20.
    @discardableResult
    public func loadAds(
        count: Int, from response: AdResponse, delivery: CallbackDelivery = .mainActor,
        completion: @escaping @Sendable (NativeAdBatch) -> Void
    ) throws(MediationError) -> NativeAdLoad {
        try Self.check(count)
        let completion: @Sendable (NativeAdBatch) -> Void = { batch in delivery.deliver { completion(batch) } }
        let load = NativeAdLoad(
            mediator: mediator, response: response, count: count, maxConcurrentRuns: maxConcurrentRuns,
            completion: completion)
        load.launch()
        return load
    }

    private static func check(_ count: Int) throws(MediationError) {
        guard countRange.contains(count) else {
            throw .invalidConfiguration(path: "count", reason: "expected 1...20 ads, got \(count)")
        }
    }
}
