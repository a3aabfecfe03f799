import MediationCore
import MediationSupport

extension ConformanceRun {
    /// Exactly one outcome, of the right kind, for a fill, a no fill and a network error.
    func checkSingleOutcome(_ check: ConformanceCheck) -> ConformanceCheckResult {
        let answer: ConformanceScenario.Answer =
            switch check {
            case .singleOutcomeOnFill: .fill(nil)
            case .singleOutcomeOnNoFill: .noFill
            default: .error(code: options.probeErrorCode, message: options.probeErrorMessage)
            }
        let latency = options.networkLatency
        let session = makeSession()
        let load = session.startLoad(ConformanceScenario(answer, latency: latency))
        withExtendedLifetime(load.customEvent) {
            session.manualClock.advance(by: latency)
            session.settle()
        }
        let outcomes = load.log.outcomes
        let settle = options.settleTime.readable
        guard let first = outcomes.first else {
            return .failed(
                check, "no outcome: the network answered after \(latency.readable) and nothing came in \(settle) more")
        }
        guard outcomes.count == 1 else {
            return .failed(check, "\(outcomes.count) outcomes for one request (\(outcomes.summary)); expected one")
        }
        guard load.log.entries.first?.namedCustomEvent == ObjectIdentifier(load.customEvent) else {
            return .failed(
                check,
                "the outcome (\(outcomes.summary)) named another object than the custom event that was asked: "
                    + "a delegate tells custom events apart by the one each outcome names (report with `from: self`)")
        }
        switch (check, first) {
        case (.singleOutcomeOnFill, .loaded):
            return .passed(check, "one didLoad, nothing more in the next \(settle)")
        case (.singleOutcomeOnFill, .failed(let error)):
            return .failed(check, "the network filled but the custom event reported didFail(\(error.code)): \(error)")
        case (.singleOutcomeOnNoFill, .failed(.noFill)):
            return .passed(check, "one didFail(no_fill), nothing more in the next \(settle)")
        case (.singleOutcomeOnNoFill, .failed(let error)):
            return .failed(check, "the network's no fill was reported as \(error.code) (\(error)); expected no_fill")
        case (.singleOutcomeOnError, .failed(let error)):
            return .passed(check, "one didFail(\(error.code)), nothing more in the next \(settle)")
        case (_, .loaded):
            return .failed(check, "the network had no ad but the custom event reported didLoad")
        case (_, .failed(let error)):
            return .failed(check, "unexpected didFail(\(error.code)) for \(check.rawValue)")
        }
    }

    /// Nothing after `stop()`, whether the stop comes at once or while the network is still loading.
    func checkSilentAfterStop() -> ConformanceCheckResult {
        let check = ConformanceCheck.silentAfterStop
        let latency = options.networkLatency
        if let (late, stopDelay) = firstOutcomeAfterStop(.sampleFill(after: latency)) {
            return .failed(
                check,
                "reported \(late.outcome.summary) at \(late.at) after stop() at t+\(stopDelay.wholeMilliseconds)ms"
                    + " (the network answered at t+\(latency.wholeMilliseconds)ms)")
        }
        return .passed(
            check,
            "stopped at once and mid-load; the network's answer at t+\(latency.wholeMilliseconds)ms was not reported")
    }

    /// Nothing after the engine's timeout stopped the line, when the network answers late.
    func checkSilentAfterTimeout() -> ConformanceCheckResult {
        let check = ConformanceCheck.silentAfterTimeout
        let timeout = options.timeout
        let answerAt = timeout + options.networkLatency
        let session = makeSession()
        let load = session.startLoad(.sampleFill(after: answerAt))
        let customEvent = load.customEvent
        let log = load.log
        // As the engine does: the line's timeout is an action on the run's clock that stops the custom event.
        let timer = session.clock.schedule(after: timeout) {
            log.markStopped()
            customEvent.stop()
        }
        session.manualClock.advance(by: answerAt)
        session.settle()
        timer.cancel()
        if let late = log.outcomesAfterStop.first {
            return .failed(
                check,
                "reported \(late.outcome.summary) at \(late.at), after the line timed out and was stopped at"
                    + " t+\(timeout.wholeMilliseconds)ms")
        }
        return .passed(
            check,
            "timed out and stopped at t+\(timeout.wholeMilliseconds)ms; the late answer at"
                + " t+\(answerAt.wholeMilliseconds)ms was not reported")
    }

    /// Loads `scenario` twice, calling `stop()` at once and halfway through the network's latency, then lets the
    /// network answer; the first outcome reported after a stop, with that stop's delay, or `nil`.
    func firstOutcomeAfterStop(_ scenario: ConformanceScenario) -> (late: OutcomeLog.Entry, stopDelay: Duration)? {
        let latency = options.networkLatency
        for stopDelay in [Duration.zero, latency / 2] {
            let session = makeSession()
            let load = session.startLoad(scenario)
            withExtendedLifetime(load.customEvent) {
                session.manualClock.advance(by: stopDelay)
                load.log.markStopped()
                load.customEvent.stop()
                session.manualClock.advance(by: latency)
                session.settle()
            }
            if let late = load.log.outcomesAfterStop.first { return (late, stopDelay) }
        }
        return nil
    }
}
