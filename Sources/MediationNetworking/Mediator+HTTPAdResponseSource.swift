import Foundation
import MediationCore

extension Mediator {
    /// Fetches the first ad response for `adUnitID` from `source` (with this mediator's current privacy and
    /// targeting) and runs it.
    ///
    /// The run follows `x-next-url` through the mediator's own `responseSource`; pass the same source there.
    ///
    /// Cancelling the calling task ends the load at once, whatever stage it is in, and the call throws
    /// `MediationError.cancelled` (logged at info, not as a failure): during the bid signal collection, the
    /// providers that have not answered are left out whatever their timeouts and no ad request is sent; during the
    /// HTTP request, the request stops; between the answer and the run, the run starts no line; during the run,
    /// the lines in flight are stopped.
    ///
    /// - Throws: `MediationFailure` with `MediationError.frequencyCapped(cap:freesIn:)` or
    ///   `MediationError.paced(cap:freesIn:)` at once, before any bid signal or ad request, when the mediator's
    ///   frequency caps refuse the ad unit; with the fetch's error (an HTTP status, a body that is not JSON or too
    ///   large, a timeout, a transport failure, a parse error naming the JSON path) and a trace that says the
    ///   first page failed; otherwise whatever the run throws.
    public func loadNativeAd(adUnitID: String, from source: HTTPAdResponseSource) async throws(MediationFailure)
        -> NativeAd
    {
        if Task.isCancelled {
            throw MediationFailure(error: .cancelled, trace: MediationTrace(outcome: MediationError.cancelled.code))
        }
        let control = HTTPLoadControl()
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                startLoad(adUnitID: adUnitID, from: source, delivery: .immediate, control: control) {
                    continuation.resume(returning: $0)
                }
            }
        } onCancel: {
            control.cancel()
        }
        return try result.get()
    }

    /// Fetches the first ad response for `adUnitID` from `source` and runs it, then calls `completion` once with
    /// the ad or a `MediationFailure`, as `delivery` says (on the main queue by default): the
    /// completion-handler twin of ``loadNativeAd(adUnitID:from:)``.
    ///
    /// - Returns: a handle whose `MediationRun.cancel()` ends the load at once, whatever stage it is in (the bid
    ///   signal collection, the HTTP request, the gap before the run, which then starts no line, or the run); the
    ///   completion then receives `MediationError.cancelled`, once.
    @discardableResult
    public func loadNativeAd(
        adUnitID: String, from source: HTTPAdResponseSource, delivery: CallbackDelivery = .mainActor,
        completion: @escaping @Sendable (Result<NativeAd, MediationFailure>) -> Void
    ) -> MediationRun {
        let control = HTTPLoadControl()
        return startLoad(adUnitID: adUnitID, from: source, delivery: delivery, control: control, completion: completion)
    }

    @discardableResult
    private func startLoad(
        adUnitID: String, from source: HTTPAdResponseSource, delivery: CallbackDelivery, control: HTTPLoadControl,
        completion: @escaping @Sendable (Result<NativeAd, MediationFailure>) -> Void
    ) -> MediationRun {
        let runID = MediationRunID.next()
        let runLogger = logger.scoped(toRun: runID, adUnit: adUnitID)
        // A capped or paced ad unit is refused before anything is asked or sent (docs/ready-ads.md).
        if let (error, trace) = frequencyCapRefusal(forAdUnit: adUnitID, logger: runLogger) {
            delivery.deliver { completion(.failure(MediationFailure(error: error, trace: trace))) }
            return MediationRun(finishedWith: trace, id: runID)
        }
        // Bid signals first (in parallel, each within its timeout), then the ad request that carries them. The
        // control holds the collection before it starts, so that a cancel at any moment ends it.
        let collector = BidSignalCollector(clock: clock, logger: runLogger)
        control.collecting(collector)
        collectBidSignals(adUnitID: adUnitID, format: .native, using: collector) { [self] collection in
            fetchAndRun(
                adUnitID: adUnitID, from: source, signals: collection, runID: runID, logger: runLogger,
                delivery: delivery, control: control, completion: completion)
        }
        return MediationRun(control: control, id: runID)
    }

    private func fetchAndRun(
        adUnitID: String, from source: HTTPAdResponseSource, signals collection: BidSignalCollection,
        runID: MediationRunID, logger runLogger: any MediationLogger, delivery: CallbackDelivery,
        control: HTTPLoadControl, completion: @escaping @Sendable (Result<NativeAd, MediationFailure>) -> Void
    ) {
        control.fetching()
        // A fetch cancelled already (during the collection) completes at once, and sends nothing.
        source.startFetch(
            forAdUnit: adUnitID, privacy: privacy, targeting: targeting, signals: collection.signals,
            isTestMode: isTestMode, into: control.fetch
        ) { [self] result in
            switch result {
            case .success(let response):
                // The control gets the run before it starts: a cancel that came meanwhile ends it unstarted.
                _ = mediate(
                    response, delivery: delivery, runID: runID, signals: collection.records, willStart: control.started
                ) { result in
                    switch result.outcome {
                    case .success(let ad): completion(.success(ad))
                    case .failure(let error):
                        var trace = result.trace
                        trace.requests = [control.fetch.wireRecord].compactMap { $0 }
                        completion(.failure(MediationFailure(error: error, trace: trace)))
                    }
                }
            case .failure(let error):
                let duringSignals = collection.records.contains { $0.result == .cancelled }
                var failureTrace = Self.fetchFailureTrace(
                    error, adUnitID: adUnitID, duringSignals: duringSignals, logger: runLogger)
                if !collection.records.isEmpty {
                    failureTrace.auction = AuctionRecord(rule: auctionOrder, signals: collection.records)
                }
                failureTrace.requests = [control.fetch.wireRecord].compactMap { $0 }
                let trace = failureTrace
                control.finish(with: trace)
                delivery.deliver { completion(.failure(MediationFailure(error: error, trace: trace))) }
            }
        }
    }

    /// The trace of a load whose first page did not arrive, logged once: a cancel at info (`duringSignals` when
    /// it came while the bid signals were collected, so that no ad request was sent), a failure as an error whose
    /// message is the error's own description (the URL and the cause, each once).
    private static func fetchFailureTrace(
        _ error: MediationError, adUnitID: String, duringSignals: Bool, logger: any MediationLogger
    ) -> MediationTrace {
        if error == .cancelled {
            logger.log(.info, "ad request for ad unit \(adUnitID) cancelled", metadata: ["adUnit": adUnitID])
            let note =
                duringSignals
                ? "cancelled while the bid signals for ad unit \(adUnitID) were collected: no ad request was sent"
                : "cancelled while the ad response for ad unit \(adUnitID) was fetched"
            return MediationTrace(outcome: error.code, notes: [note])
        }
        logger.log(.error, "ad request for ad unit \(adUnitID) failed: \(error)", metadata: ["adUnit": adUnitID])
        return MediationTrace(
            outcome: error.code, notes: ["the ad request for ad unit \(adUnitID) failed before any line ran"])
    }
}
