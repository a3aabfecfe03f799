import MediationCore
import MediationSupport

extension ConformanceRun {
    /// The answers the outcome checks script: the sample fill, the network's no fill, the probe error.
    var probeAnswers: [(name: String, answer: ConformanceScenario.Answer)] {
        [
            ("fill", .fill(nil)), ("no fill", .noFill),
            ("error", .error(code: options.probeErrorCode, message: options.probeErrorMessage)),
        ]
    }

    /// A fill, a no fill and an error answered synchronously from inside `requestAd` each give one outcome.
    func checkSynchronousAnswers() -> ConformanceCheckResult {
        let check = ConformanceCheck.singleOutcomeOnSynchronousAnswer
        for probe in probeAnswers {
            let session = makeSession()
            let load = session.startLoad(ConformanceScenario(probe.answer))
            withExtendedLifetime(load.customEvent) { session.settle() }
            if let problem = outcomeProblem(load.log.outcomes, for: probe.answer) {
                return .failed(check, "synchronous \(probe.name) (answered inside requestAd): \(problem)")
            }
        }
        return .passed(
            check,
            "fill, no fill and error answered inside requestAd: one outcome each, nothing in the next"
                + " \(options.settleTime.readable)")
    }

    /// A network calling back twice, back to back and one second apart, still gives one outcome.
    func checkDoubleCallbacks() -> ConformanceCheckResult {
        let check = ConformanceCheck.singleOutcomeOnDoubleCallback
        let latency = options.networkLatency
        for interval in [Duration.zero, .seconds(1)] {
            for probe in probeAnswers {
                let session = makeSession()
                let scenario = ConformanceScenario(
                    probe.answer, latency: latency, callbackCount: 2, repeatInterval: interval)
                let load = session.startLoad(scenario)
                withExtendedLifetime(load.customEvent) {
                    session.manualClock.advance(by: latency)
                    session.settle()
                }
                if let problem = outcomeProblem(load.log.outcomes, for: probe.answer) {
                    let when = interval == .zero ? "back to back" : "\(interval.readable) apart"
                    return .failed(check, "the network called back twice (\(when)) with a \(probe.name): \(problem)")
                }
            }
        }
        return .passed(
            check, "fill, no fill and error each called back twice (back to back and 1 s apart): one outcome each")
    }

    /// `stop()` silences the custom event even when the network answers after the cancel.
    func checkSilentAfterIgnoredCancel() -> ConformanceCheckResult {
        let check = ConformanceCheck.silentAfterIgnoredCancel
        let scenario = ConformanceScenario(.fill(nil), latency: options.networkLatency, honoursCancel: false)
        if let (late, stopDelay) = firstOutcomeAfterStop(scenario) {
            return .failed(
                check,
                "reported \(late.outcome.summary) at \(late.at) after stop() at t+\(stopDelay.wholeMilliseconds)ms;"
                    + " the network answered despite the cancel, and the custom event must drop that answer")
        }
        return .passed(
            check, "stopped at once and mid-load; the network's answer after the cancel was not reported")
    }

    /// Why `outcomes` are not exactly one outcome of the kind `answer` calls for, or `nil`.
    func outcomeProblem(_ outcomes: [OutcomeLog.Outcome], for answer: ConformanceScenario.Answer) -> String? {
        guard let first = outcomes.first else { return "no outcome" }
        guard outcomes.count == 1 else {
            return "\(outcomes.count) outcomes for one request (\(outcomes.summary)); expected one"
        }
        switch (answer, first) {
        case (.fill, .loaded), (.noFill, .failed(.noFill)), (.error, .failed): return nil
        case (.fill, .failed(let error)):
            return "the network filled but the custom event reported didFail(\(error.code))"
        case (.noFill, .failed(let error)):
            return "the network's no fill was reported as \(error.code); expected no_fill"
        case (_, .loaded): return "the network had no ad but the custom event reported didLoad"
        default: return "unexpected \(first.summary)"
        }
    }
}
