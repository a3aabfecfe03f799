import Foundation
import MediationSupport

/// The public entry point of the waterfall engine: runs an ``AdResponse`` over the registered custom events
/// and delivers the winning ``NativeAd`` with a ``MediationTrace``.
///
/// ```swift
/// func loadFeedAd(
///     responseJSON: Data, myTarget: any MyTargetNativeBannerAdFactory, privacy: PrivacySettings,
///     journalDirectory: URL
/// ) async throws -> NativeAd {
///     var registry = MediationRegistry()
///     try MyTargetNativeBannerCustomEvent.register(in: &registry, factory: myTarget)
///     registry.addRendererConfiguration(
///         StaticNativeAdRenderer.configuration(customEvents: registry.customEventIdentifiers))
///     let mediator = Mediator(
///         registry: registry,
///         configuration: MediatorConfiguration(
///             privacy: privacy, trackerPinger: try URLSessionTrackerPinger(journalDirectory: journalDirectory),
///             imagePrecacher: try URLSessionImagePrecacher()))
///     return try await mediator.loadNativeAd(fromJSON: responseJSON)
/// }
/// ```
///
/// Every load is an independent run. The rules of a run (timeouts, after-load URLs, duplicate and late
/// callbacks, `x-next-url`, privacy) are in docs/waterfall.md. A mediator is safe to use from any thread.
public final class Mediator: Sendable {
    /// The custom events and renderer configurations.
    package var registry: MediationRegistry { services.registry }
    /// How runs walk the waterfall.
    package let strategy: MediationStrategy
    /// How a response that holds bids is ordered (docs/auction.md).
    package let auctionOrder: AuctionOrderRule
    /// The auction's currency, price bound and exchange rates (docs/auction.md, "Money").
    package let auctionPricing: AuctionPricing
    /// The clock every run, timeout and loaded ad uses, and the caches and in-stream sessions made from this
    /// mediator.
    package var clock: MediationClock { services.clock }
    /// Where runs log.
    package let logger: any MediationLogger
    /// Fires before- and after-load URLs and the ads' trackers: the configuration's pinger. (Runs hand their pings
    /// to it through a log of the recent ones, which the inspector reads.)
    package var trackerPinger: any TrackerPinging {
        (services.trackerPinger as? TrackerPingLog)?.base ?? services.trackerPinger
    }
    /// Downloads images for custom events.
    package let imagePrecacher: any ImagePrecaching
    /// Loads `x-next-url` pages; without one, `x-next-url` is not followed.
    package var responseSource: (any AdResponseSource)? { services.responseSource }
    /// How long a loaded ad stays usable.
    package var adLifetime: Duration { services.adLifetime }
    /// The bounds that make every run end: run deadline, page cap, longest back-off.
    package var limits: MediationRunLimits { services.limits }
    /// Which click destinations loaded ads may open (http(s) and the host's declared deep-link schemes).
    package var urlPolicy: MediationURLPolicy { services.urlPolicy }
    /// What the runs have learned about the networks: every line's real outcome is recorded here, and the
    /// learned strategies (``MediationStrategy/adaptive(requestBudget:)``) read it. Pass one store to several
    /// mediators to pool it; persist its ``NetworkStatisticsStore/snapshot()`` across launches.
    public var statistics: NetworkStatisticsStore { services.statistics }
    /// The frequency caps and pacing the native runs obey, where the ads they deliver count their impressions
    /// (``MediatorConfiguration/frequencyCaps``); `nil` when nothing is capped.
    public var frequencyCaps: FrequencyCapStore? { services.frequencyCaps }
    /// Whether the host-wide test mode is on (``MediatorConfiguration/isTestMode``): networks start in test mode,
    /// ad requests carry `test=1`, OpenRTB bid requests `"test": 1`.
    package let isTestMode: Bool

    private struct Settings {
        var privacy: PrivacySettings
        var targeting: Targeting
        /// The request scope runs share while the logger records nothing (so no run stamps its own logger) and
        /// neither privacy nor targeting changes; dropped when either does.
        var sharedRequestScope: NativeAdRequestRunScope?
    }

    private let settings: Locked<Settings>
    /// What every run shares, made once here; the public settings above read from it.
    let services: WaterfallRunServices

    /// Creates a mediator over `registry` with `configuration`'s settings.
    ///
    /// - Parameters:
    ///   - registry: the custom events and renderer configurations.
    ///   - configuration: every other setting, with its documented defaults (``MediatorConfiguration``).
    public init(registry: MediationRegistry, configuration: MediatorConfiguration) {
        self.strategy = configuration.strategy
        self.auctionOrder = configuration.auctionOrder
        self.auctionPricing = configuration.auctionPricing
        self.logger = configuration.logger
        self.imagePrecacher = configuration.imagePrecacher
        self.isTestMode = configuration.isTestMode
        settings = Locked(Settings(privacy: configuration.privacy, targeting: configuration.targeting))
        services = WaterfallRunServices(
            registry: registry, clock: configuration.clock,
            trackerPinger: TrackerPingLog.wrapping(configuration.trackerPinger, clock: configuration.clock),
            responseSource: configuration.responseSource, adLifetime: configuration.adLifetime,
            limits: configuration.limits, urlPolicy: configuration.urlPolicy,
            statistics: configuration.statistics ?? NetworkStatisticsStore(), strategy: configuration.strategy,
            enabledLogLevels: .enabled(in: configuration.logger),
            networkStartup: Self.networkStartup(of: registry, configuration: configuration),
            frequencyCaps: configuration.frequencyCaps)
        if let error = configuration.frequencyCaps?.loadError {
            configuration.logger.log(.warning, "\(error); frequency caps start from no impressions")
        }
    }

    /// The privacy signals of the next runs; each run takes a snapshot when it starts.
    public var privacy: PrivacySettings {
        get { settings.withLock { $0.privacy } }
        set {
            settings.withLock { settings in
                settings.privacy = newValue
                settings.sharedRequestScope = nil
            }
            services.networkStartup?.updatePrivacy(newValue)
        }
    }

    /// The targeting of the next runs; each run takes a snapshot when it starts.
    public var targeting: Targeting {
        get { settings.withLock { $0.targeting } }
        set {
            settings.withLock { settings in
                settings.targeting = newValue
                settings.sharedRequestScope = nil
            }
        }
    }

    /// How many back-off windows the mediator stores (live ones, and expired ones not yet pruned).
    var storedRateLimitCount: Int { services.storedRateLimitCount }

    /// Until when loads for `adUnitID` are refused (`backoff_ms`), or `nil` when they are not.
    public func rateLimit(forAdUnit adUnitID: String?) -> MediationInstant? {
        services.rateLimit(forAdUnit: adUnitID)
    }

    // MARK: Loading

    /// Runs `response` and returns the winning ad.
    ///
    /// Cancelling the calling task cancels the run: lines in flight are told to stop and the call throws
    /// ``MediationError/cancelled``.
    ///
    /// - Throws: ``MediationFailure`` with ``MediationError/noFill`` when every line failed,
    ///   ``MediationError/cancelled``, or ``MediationError/rateLimited(until:)`` inside a back-off window; the
    ///   failure carries the trace.
    public func loadNativeAd(from response: AdResponse) async throws(MediationFailure) -> NativeAd {
        try await mediate(response).get()
    }

    /// Runs `response` and returns the outcome with the trace, whatever the outcome.
    ///
    /// Cancelling the calling task cancels the run; a task cancelled before the run starts starts no line.
    public func mediate(_ response: AdResponse) async -> MediationRunResult {
        if Task.isCancelled {
            return MediationRunResult(outcome: .failure(.cancelled), trace: MediationTrace(outcome: "cancelled"))
        }
        let delivery = OneShotResult<MediationRunResult>()
        // The cancellation handler is in place before the run is made, and the gate hands it the run before the
        // run starts: a cancel at any moment ends the run, and one that comes first ends it before any line starts.
        let gate = MediationRunStartGate()
        return await withTaskCancellationHandler {
            _ = mediate(response, delivery: .immediate, runID: .next(), willStart: gate.willStart) { result in
                delivery.deliver(result)
            }
            return await delivery.value
        } onCancel: {
            gate.cancel()
        }
    }

    /// Runs `response` and calls `completion` once with the ad or a ``MediationFailure``.
    ///
    /// The run starts before this returns (custom events may already have answered). `completion` runs as
    /// `delivery` says: on the main queue by default (use `MainActor.assumeIsolated` there to render), on a
    /// queue of yours, or ``CallbackDelivery/immediate`` on the engine's thread.
    ///
    /// - Returns: a handle to cancel the run or read its trace.
    @discardableResult
    public func loadNativeAd(
        from response: AdResponse, delivery: CallbackDelivery = .mainActor,
        completion: @escaping @Sendable (Result<NativeAd, MediationFailure>) -> Void
    ) -> MediationRun {
        mediate(response, delivery: delivery) { result in
            switch result.outcome {
            case .success(let ad): completion(.success(ad))
            case .failure(let error): completion(.failure(MediationFailure(error: error, trace: result.trace)))
            }
        }
    }

    /// Runs `response` and calls `completion` once with the outcome and the trace, as `delivery` says (on the
    /// main queue by default).
    ///
    /// - Returns: a handle to cancel the run or read its trace.
    @discardableResult
    public func mediate(
        _ response: AdResponse, delivery: CallbackDelivery = .mainActor,
        completion: @escaping @Sendable (MediationRunResult) -> Void
    ) -> MediationRun {
        mediate(response, delivery: delivery, runID: .next(), completion: completion)
    }

    /// ``mediate(_:delivery:completion:)`` as run `runID` (a load that started before the run, such as an HTTP
    /// fetch, keeps one ID for both).
    ///
    /// `signals` are the bid signal records of the request that fetched `response`, for the trace's auction record.
    /// `willStart` receives the run's handle once the run is made and before it starts (a load whose cancel may
    /// come first hands it on, so that the cancel ends the run before any line starts: no custom event is made, no
    /// image downloaded, no URL fired, no auction notice sent); a rate-limited load's handle, already finished.
    /// `targeting`, when given, replaces the mediator's targeting for this run only (a ready-ad demand's).
    /// `checksAdUnitCaps`: whether a capped or paced ad unit refuses the load (a ready-ad cache's loads are not
    /// refused: it checks the caps when it hands an ad out).
    package func mediate(
        _ response: AdResponse, delivery: CallbackDelivery, runID: MediationRunID, signals: [BidSignalRecord] = [],
        targeting: Targeting? = nil, checksAdUnitCaps: Bool = true,
        willStart: (@Sendable (MediationRun) -> Void)? = nil,
        completion: @escaping @Sendable (MediationRunResult) -> Void
    ) -> MediationRun {
        let levels = MediationLogLevelMask.enabled(in: logger)
        let runLogger = logger.scoped(toRun: runID, adUnit: response.adUnitID)
        let startedAt = clock.now
        services.learnBidSignalTimeouts(from: response)
        services.learnNetworkStartTimeouts(from: response)
        let plan = AuctionPlan(response: response, rule: auctionOrder, pricing: auctionPricing)
        let capRefusal = checksAdUnitCaps ? frequencyCapRefusal(forAdUnit: response.adUnitID, logger: runLogger) : nil
        if let (error, refusal) = capRefusal ?? rateLimitRefusal(of: response, logger: runLogger) {
            let trace = settle(plan, trace: refusal, signals: signals, runID: runID, logger: runLogger)
            let handle = MediationRun(finishedWith: trace, id: runID)
            willStart?(handle)
            let result = MediationRunResult(outcome: .failure(error), trace: trace).stamped(runID, startedAt: startedAt)
            delivery.deliver { completion(result) }
            return handle
        }
        let (privacy, requestScope) = settings.withLock { settings -> (PrivacySettings, NativeAdRequestRunScope) in
            if let targeting {
                var settings = settings
                settings.targeting = targeting
                return (settings.privacy, makeRequestScope(settings, logger: runLogger))
            }
            if levels.isEmpty, let shared = settings.sharedRequestScope { return (settings.privacy, shared) }
            let scope = makeRequestScope(settings, logger: runLogger)
            // A silent logger is not stamped per run (`scoped` returns it as it is): its scope can be shared.
            if levels.isEmpty { settings.sharedRequestScope = scope }
            return (settings.privacy, scope)
        }
        let kind = NativeWaterfallKind(requestScope: requestScope)
        guard plan != nil || !signals.isEmpty else {
            // One closure for the run's outcome: the delivery and the host's completion, captured together.
            return run(
                response, kind: kind, privacy: privacy, runID: runID, logger: runLogger, levels: levels,
                willStart: willStart
            ) { outcome, trace in
                delivery.deliver(
                    MediationRunResult(outcome: outcome, traceSnapshot: trace).stamped(runID, startedAt: startedAt),
                    to: completion)
            }
        }
        // An auction: the run goes over the auction order; its end settles every bid once.
        return run(
            plan?.response ?? response, kind: kind, privacy: privacy, runID: runID, logger: runLogger, levels: levels,
            willStart: willStart
        ) { [self] outcome, trace in
            let trace = settle(plan, trace: trace.trace, signals: signals, runID: runID, logger: runLogger)
            delivery.deliver(
                MediationRunResult(outcome: outcome, trace: trace).stamped(runID, startedAt: startedAt), to: completion)
        }
    }

    /// What every line of a run with `settings` and `logger` hands its custom event.
    private func makeRequestScope(_ settings: Settings, logger: any MediationLogger) -> NativeAdRequestRunScope {
        NativeAdRequestRunScope(
            privacy: settings.privacy, targeting: settings.targeting, clock: clock, logger: logger,
            imagePrecacher: imagePrecacher, trackerPinger: services.trackerPinger, adLifetime: adLifetime,
            urlPolicy: urlPolicy)
    }

    /// Starts a run of `response` over lines of `kind`: the one engine every kind of waterfall shares. `willStart`
    /// receives the handle before the run starts (a cancel through it then ends the run unstarted).
    func run<Kind: WaterfallLoadKind>(
        _ response: AdResponse, kind: Kind, privacy: PrivacySettings, runID: MediationRunID,
        logger runLogger: any MediationLogger, levels: MediationLogLevelMask,
        willStart: (@Sendable (MediationRun) -> Void)? = nil,
        completion: @escaping @Sendable (Result<Kind.Loaded, MediationError>, WaterfallTraceSnapshot) -> Void
    ) -> MediationRun {
        services.applyBackoff(of: response, adUnitID: response.adUnitID, logger: runLogger)
        let environment = WaterfallRunEnvironment(
            services: services, rules: services.rules(enabledLogLevels: levels), runID: runID,
            adUnitID: response.adUnitID, logger: runLogger, isChildDirected: privacy.isChildDirected)
        let driver = WaterfallRunDriver(
            response: response, kind: kind, environment: environment, completion: completion)
        // The handle first: a run that ends within `start()` then knows that a handle exists to keep its trace for.
        let handle = MediationRun(driver: driver, id: runID)
        willStart?(handle)
        driver.start()
        return handle
    }

    /// The refusal of a load for `adUnitID` whose host cap is reached or which is paced, with its trace (no line
    /// ran); `nil` when the load may run (or there are no caps, or no ad unit). A load over HTTP asks before its ad
    /// request, so that a capped ad unit sends none.
    package func frequencyCapRefusal(
        forAdUnit adUnitID: String?, logger: any MediationLogger
    ) -> (MediationError, MediationTrace)? {
        guard let caps = services.frequencyCaps, let adUnitID, let refusal = caps.refusal(forAdUnit: adUnitID) else {
            return nil
        }
        var trace = MediationTrace(
            outcome: refusal.reason.rawValue, notes: ["ad unit \(adUnitID) refused: \(refusal); no line ran"])
        trace.frequencyCaps = [FrequencyCapRecord(line: nil, refusal: refusal)]
        logger.log(.info, "load refused: ad unit \(adUnitID) \(refusal)", metadata: ["code": refusal.reason.rawValue])
        return (refusal.error, trace)
    }

    /// The refusal of a load for an ad unit in its back-off window (`backoff_ms`), with its trace; `nil` when
    /// the load may run.
    func rateLimitRefusal(
        of response: AdResponse, logger: any MediationLogger
    ) -> (MediationError, MediationTrace)? {
        guard let limit = services.rateLimit(forAdUnit: response.adUnitID) else { return nil }
        let unit = response.adUnitID.map { "ad unit \($0)" } ?? "the ad unit"
        let trace = MediationTrace(
            outcome: MediationError.rateLimited(until: limit).code,
            notes: ["\(unit) is rate limited until \(limit) (backoff_ms); no line ran"])
        logger.log(.warning, "load refused: \(unit) rate limited until \(limit)")
        return (.rateLimited(until: limit), trace)
    }
}
