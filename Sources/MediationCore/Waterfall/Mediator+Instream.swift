extension Mediator {
    /// Runs an in-stream waterfall: each line of `response` names an in-stream custom event registered with
    /// ``MediationRegistry/registerInstreamCustomEvent(_:factory:)``, and loads with `request` (its own info in
    /// place of `request.info`). The same engine as native runs: the strategy, line timeouts, the run deadline,
    /// `x-next-url`, back-off and the trace. The winner's ``InstreamLoadedSource`` is delivered once, as
    /// `delivery` says (on the main queue by default, as every host callback of the mediator); lines that lost are
    /// told to cancel, and their playback callbacks go nowhere.
    ///
    /// Privacy comes from `request` (the session's), not from the mediator's settings.
    ///
    /// - Returns: a handle to cancel the run or read its trace.
    @discardableResult
    public func mediateInstream(
        _ response: AdResponse, request: InstreamAdRequest, delivery: CallbackDelivery = .mainActor,
        completion: @escaping @Sendable (InstreamMediationResult) -> Void
    ) -> MediationRun {
        let completion: @Sendable (InstreamMediationResult) -> Void = { result in
            delivery.deliver { completion(result) }
        }
        let runID = MediationRunID.next()
        let runLogger = logger.scoped(toRun: runID, adUnit: response.adUnitID)
        if let (error, trace) = rateLimitRefusal(of: response, logger: runLogger) {
            completion(InstreamMediationResult(outcome: .failure(error), trace: trace))
            return MediationRun(finishedWith: trace, id: runID)
        }
        let kind = InstreamWaterfallKind(registry: registry, request: request, logger: runLogger)
        return run(
            response, kind: kind, privacy: request.privacy, runID: runID, logger: runLogger,
            levels: .enabled(in: logger)
        ) {
            outcome, trace in
            completion(InstreamMediationResult(outcome: outcome, trace: trace))
        }
    }
}
