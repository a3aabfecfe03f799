import MediationCore

extension ConformanceRun {
    /// A second `requestAd` on one custom event, while the first loads and again after its outcome, reports
    /// nothing and loads nothing (``OnceOnlyRequest``'s rule). The first request's own outcome is the single-outcome
    /// checks' business.
    func checkSecondRequestIgnored() -> ConformanceCheckResult {
        let check = ConformanceCheck.secondRequestIgnored
        let latency = options.networkLatency
        let session = makeSession()
        let load = session.startLoad(.sampleFill(after: latency))
        let whileLoading = OutcomeLog(clock: session.clock)
        let afterOutcome = OutcomeLog(clock: session.clock)
        withExtendedLifetime(load.customEvent) {
            load.customEvent.requestAd(
                info: subject.validInfo, adMarkup: nil, context: session.context(reportingTo: whileLoading))
            session.manualClock.advance(by: latency)
            session.settle()
            load.customEvent.requestAd(
                info: subject.validInfo, adMarkup: nil, context: session.context(reportingTo: afterOutcome))
            session.settle()
        }
        for (when, log) in [("while the first loaded", whileLoading), ("after the first's outcome", afterOutcome)]
        where !log.outcomes.isEmpty {
            return .failed(
                check,
                "a second requestAd \(when) reported \(log.outcomes.summary); expected nothing (one custom event"
                    + " loads one ad; ignore a second request)")
        }
        let attempts = session.harness.loadAttempts()
        if attempts > 1 {
            return .failed(check, "the network was asked to load \(attempts) times for one custom event; expected once")
        }
        return .passed(check, "a second requestAd, while loading and after the outcome, reported and loaded nothing")
    }
}
