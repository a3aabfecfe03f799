import MediationSupport

extension Mediator {
    /// Runs an in-stream waterfall: each line of `response` names an in-stream custom event registered with
    /// ``MediationRegistry/registerInstreamCustomEvent(_:factory:)``, and loads with `request` (its own info in
    /// place of `request.info`). The same engine as native runs: the strategy, line timeouts, the run deadline,
    /// `x-next-url`, back-off and the trace. The winner's ``InstreamLoadedSource`` is delivered once, as
    /// `delivery` says (on the main queue by default, as every host callback of the mediator); lines that lost are
    /// told to cancel, and their playback callbacks go nowhere.
    ///
    /// Privacy comes from the mediator, as for native runs: each run takes a snapshot of ``privacy`` when it starts,
    /// which replaces `request.privacy`, and `request.targeting` is redacted for it (so a VAST line's tag and
    /// tracking macros, and every adapter, get the mediator's consent signals). A response with bids runs
    /// in the unified auction order (``MediatorConfiguration/auctionOrder``); each bid's markup reaches its line as
    /// ``InstreamAdRequest/adMarkup``, and every bid hears its win or loss notice once when the run ends; the
    /// winning bid's billing notices fire when its first banner starts. The result's trace holds the auction's
    /// record (the trace JSON's `auction`: the order, each bid's outcome and loss reason, the notices), as a native
    /// run's does; ``MediationInspection/init(instream:mediator:title:trackers:decidedAt:)`` shows it. The URLs the
    /// lines' custom events fetched themselves (a VAST tag and its wrappers, as sent) are its JSON's `requests`.
    ///
    /// - Returns: a handle to cancel the run or read its trace.
    @discardableResult
    package func mediateInstream(
        _ response: AdResponse, request: InstreamAdRequest, delivery: CallbackDelivery = .mainActor,
        completion: @escaping @Sendable (InstreamMediationResult) -> Void
    ) -> MediationRun {
        var request = request
        request.privacy = privacy
        request.targeting = request.targeting.redacted(for: request.privacy)
        let completion: @Sendable (InstreamMediationResult) -> Void = { result in
            delivery.deliver { completion(result) }
        }
        let runID = MediationRunID.next()
        let startedAt = clock.now
        let runLogger = logger.scoped(toRun: runID, adUnit: response.adUnitID)
        // Bids (a video bid's VAST `adm`) run in the unified auction order, as for native (docs/auction.md).
        let plan = AuctionPlan(response: response, rule: auctionOrder, pricing: auctionPricing)
        if let (error, refusal) = rateLimitRefusal(of: response, logger: runLogger) {
            let trace = settle(plan, trace: refusal, signals: [], runID: runID, logger: runLogger)
            completion(
                InstreamMediationResult(outcome: .failure(error), trace: trace, runID: runID, runStartedAt: startedAt))
            return MediationRun(finishedWith: trace, id: runID)
        }
        // Billing goes through the mediator's logging pinger, owned by the run, as the run's win and loss notices
        // do: the inspector finds all three by the run.
        let kind = InstreamWaterfallKind(
            request: request,
            billingOwner: services.trackerPinger.discardsPings
                ? nil : "\(MediationRunID.launchToken)-\(runID.number)/auction/billing")
        return run(
            plan?.response ?? response, kind: kind, privacy: request.privacy, runID: runID, logger: runLogger,
            levels: .enabled(in: logger)
        ) { [self] outcome, trace in
            var trace = settle(plan, trace: trace.trace, signals: [], runID: runID, logger: runLogger)
            trace.requests += kind.sentRequests.current
            completion(
                InstreamMediationResult(outcome: outcome, trace: trace, runID: runID, runStartedAt: startedAt))
        }
    }
}
