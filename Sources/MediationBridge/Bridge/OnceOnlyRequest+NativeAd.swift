extension OnceOnlyRequest where Reporter == NativeAdRequestContext {
    /// Begins `customEvent`'s request with `context`: `true` the first time. A second `requestAd` (after the
    /// first, or after ``stop()``) returns `false`, is logged as a warning through `context` and is otherwise
    /// ignored: it reports nothing and the first request goes on. Call it first in `requestAd`, before reading
    /// the info, so that a missing key fails through ``finish(_:from:)`` like every other outcome.
    public func begin(_ customEvent: any NativeCustomEvent, context: NativeAdRequestContext) -> Bool {
        guard begin(reporting: context) else {
            context.logger.log(.warning, "\(customEvent.identifier): requestAd called again or after stop; ignored")
            return false
        }
        return true
    }

    /// Reports `outcome` as the request's one outcome, through ``NativeAdRequestContext/report(_:from:)``, if
    /// the request is still loading: nothing claimed it, nothing finished it, it did not stop. Use it for
    /// answers that are the outcome as they stand (the network's no fill or error, missing info).
    ///
    /// - Returns: whether `outcome` was reported; later and late outcomes are dropped.
    @discardableResult
    public func finish(_ outcome: Result<NativeAd, MediationError>, from customEvent: any NativeCustomEvent) -> Bool {
        guard let context = takeOutcome(claimed: false) else { return false }
        context.report(outcome, from: customEvent)
        return true
    }

    /// Reports the outcome of the answer that ``claim()``ed the request (the ad it prepared, or why preparing
    /// failed), through ``NativeAdRequestContext/report(_:from:)``, unless the request stopped meanwhile.
    ///
    /// - Returns: whether `outcome` was reported.
    @discardableResult
    public func finishClaimed(
        _ outcome: Result<NativeAd, MediationError>, from customEvent: any NativeCustomEvent
    ) -> Bool {
        guard let context = takeOutcome(claimed: true) else { return false }
        context.report(outcome, from: customEvent)
        return true
    }
}
