import Dispatch
import MediationCore
import MediationSupport
import MediationTesting

/// The start-up half of the conformance kit: checks a network adapter configuration (``NetworkStartupCheck``)
/// over fresh network stand-ins on a manual clock, and returns a ``NetworkStartupConformanceReport``.
///
/// It catches the defects that leave lines waiting or mislead the inspector: a completion called twice, a start
/// that never reports, `started` reported before the SDK is ready (a load before start), a lost error, a second
/// start of the SDK for concurrent callers, and parameters or the test mode dropped on the way to the SDK.
///
/// ```swift
/// let report = NetworkStartupConformance.run(.referenceExample)
/// print(report.table)
/// ```
public enum NetworkStartupConformance {
    /// The SDK latency the checks arrange.
    static let latency = Duration.seconds(1)
    /// The start-up timeout the timeout check uses.
    static let timeout = Duration.seconds(2)
    /// How many callers the idempotence check starts at once.
    static let concurrentCallers = 8

    /// Runs `checks` (all by default, in the order the checks are declared) on `subject`.
    public static func run(
        _ subject: NetworkStartupConformanceSubject, checks: [NetworkStartupCheck] = NetworkStartupCheck.allCases
    ) -> NetworkStartupConformanceReport {
        let results = NetworkStartupCheck.allCases.filter(checks.contains).map { check in
            let (status, reason) = result(of: check, subject)
            return NetworkStartupCheckResult(check: check, status: status, reason: reason)
        }
        return NetworkStartupConformanceReport(subjectName: subject.name, results: results)
    }

    private typealias Outcome = (ConformanceCheckResult.Status, String)

    private static func result(of check: NetworkStartupCheck, _ subject: NetworkStartupConformanceSubject) -> Outcome {
        switch check {
        case .describesItself: describesItself(subject)
        case .completesOnce: completesOnce(subject)
        case .completes: completes(subject)
        case .preservesError: preservesError(subject)
        case .noLoadBeforeStart: noLoadBeforeStart(subject)
        case .idempotent: idempotent(subject)
        case .honoursTimeout: honoursTimeout(subject)
        case .passesParameters: passesParameters(subject)
        }
    }

    /// A manual clock, a network made for `scenario`, and the statuses one start reports (with whether the SDK
    /// was ready at each).
    private struct Trial {
        let manual = ManualClock()
        let network: NetworkStartupConformanceNetwork
        let reports = Locked<[(status: NetworkStartStatus, sdkReady: Bool)]>([])

        init(_ subject: NetworkStartupConformanceSubject, _ scenario: NetworkStartupScenario) {
            network = subject.makeNetwork(scenario, MediationClock(manual))
        }

        func start(_ parameters: NetworkStartParameters) {
            let network = network
            network.configuration.start(with: parameters) { [reports] status in
                let ready = network.isSDKStarted()
                reports.withLock { $0.append((status, ready)) }
            }
        }

        var statuses: [NetworkStartStatus] { reports.current.map(\.status) }
    }

    private static func describe(_ statuses: [NetworkStartStatus]) -> String {
        statuses.isEmpty ? "nothing" : statuses.map(\.code).joined(separator: ", ")
    }

    private static func describesItself(_ subject: NetworkStartupConformanceSubject) -> Outcome {
        let trial = Trial(subject, .starts(after: latency))
        let configuration = trial.network.configuration
        var missing: [String] = []
        if configuration.networkName.isEmpty { missing.append("networkName") }
        if configuration.adapterVersion.isEmpty { missing.append("adapterVersion") }
        if configuration.networkSDKVersion.isEmpty { missing.append("networkSDKVersion") }
        if configuration.customEventIdentifiers.isEmpty { missing.append("customEventIdentifiers") }
        guard missing.isEmpty else { return (.failed, "empty: \(missing.joined(separator: ", "))") }
        guard trial.network.sdkStartCount() == 0 else {
            return (.failed, "reading the configuration's properties started the SDK")
        }
        return (
            .passed,
            "\(configuration.networkName) \(configuration.adapterVersion) (SDK \(configuration.networkSDKVersion)), "
                + "lines \(configuration.customEventIdentifiers.joined(separator: ", "))"
        )
    }

    private static func completesOnce(_ subject: NetworkStartupConformanceSubject) -> Outcome {
        for scenario in [NetworkStartupScenario.starts(after: latency), .fails(after: latency)] {
            let trial = Trial(subject, scenario)
            trial.start(subject.sampleParameters)
            trial.manual.advance(by: latency + .seconds(60))
            let statuses = trial.statuses
            guard statuses.count == 1 else {
                return (
                    .failed,
                    "one start reported \(statuses.count) statuses (\(describe(statuses))); expected exactly one"
                )
            }
            guard statuses[0].isFinal else {
                return (
                    .failed,
                    "reported \(statuses[0].code), which is not final: report started, failed or not_needed once"
                )
            }
        }
        return (.passed, "one final status per start, whether the SDK starts or fails")
    }

    private static func completes(_ subject: NetworkStartupConformanceSubject) -> Outcome {
        let trial = Trial(subject, .starts(after: latency))
        trial.start(subject.sampleParameters)
        trial.manual.advance(by: latency)
        guard let first = trial.statuses.first else {
            return (
                .failed,
                "no status \(latency) after the SDK became ready: its lines would wait until the start-up timeout"
            )
        }
        return (.passed, "reported \(first.code) when the SDK was ready")
    }

    private static func preservesError(_ subject: NetworkStartupConformanceSubject) -> Outcome {
        let trial = Trial(subject, .fails(after: latency))
        trial.start(subject.sampleParameters)
        trial.manual.advance(by: latency)
        let statuses = trial.statuses
        guard subject.hasStart else {
            return statuses == [.notNeeded]
                ? (.passed, "no SDK start: reports not_needed")
                : (.failed, "declares no SDK start but reported \(describe(statuses))")
        }
        let expected = NetworkStartStatus.failed(.networkError(trial.network.failure))
        guard statuses.first == expected else {
            let failure = trial.network.failure
            return (
                .failed,
                "the SDK failed with \(failure.domain) \(failure.code) \"\(failure.message)\" but the start reported "
                    + "\(statuses.first.map { "\($0.code)\($0.error.map { " (\($0))" } ?? "")" } ?? "nothing")"
            )
        }
        return (
            .passed, "failed with the SDK's own error (\(trial.network.failure.domain) \(trial.network.failure.code))"
        )
    }

    private static func noLoadBeforeStart(_ subject: NetworkStartupConformanceSubject) -> Outcome {
        guard subject.hasStart else { return (.skipped, "no SDK start: lines never wait") }
        let trial = Trial(subject, .starts(after: latency))
        trial.start(subject.sampleParameters)
        trial.manual.advance(by: latency)
        if let early = trial.reports.current.first(where: { $0.status.isReady && !$0.sdkReady }) {
            return (
                .failed,
                "reported \(early.status.code) before the SDK was ready: the first loads would reach an SDK that has "
                    + "not started"
            )
        }
        return (.passed, "reported ready only once the SDK was")
    }

    private static func idempotent(_ subject: NetworkStartupConformanceSubject) -> Outcome {
        let trial = Trial(subject, .starts(after: latency))
        let clock = MediationClock(trial.manual)
        let startup = NetworkStartup(
            configurations: [trial.network.configuration], isTestMode: subject.sampleParameters.isTestMode,
            clock: clock, launcher: NetworkStartup.immediateLauncher)
        let name = trial.network.configuration.networkName
        let heard = Locked<[Int: [NetworkStartStatus]]>([:])
        DispatchQueue.concurrentPerform(iterations: concurrentCallers) { caller in
            startup.launch(name)
            startup.whenFinished(name) { record in heard.withLock { $0[caller, default: []].append(record.status) } }
        }
        trial.manual.advance(by: latency + .seconds(60))
        let starts = trial.network.sdkStartCount()
        if subject.hasStart, starts != 1 {
            return (.failed, "\(concurrentCallers) concurrent callers started the SDK \(starts) times; expected once")
        }
        let endings = heard.current
        guard endings.count == concurrentCallers, endings.values.allSatisfy({ $0.count == 1 }),
            Set(endings.values.map(\.first)).count == 1
        else {
            return (.failed, "\(endings.count) of \(concurrentCallers) concurrent callers heard one ending")
        }
        // MoPub: the configuration "must account for being called multiple times".
        let again = Trial(subject, .starts(after: .zero))
        again.start(subject.sampleParameters)
        again.start(subject.sampleParameters)
        again.manual.advance(by: .seconds(60))
        guard again.statuses.count == 2 else {
            return (
                .failed, "two starts of one configuration reported \(again.statuses.count) statuses; expected one each"
            )
        }
        return (
            .passed,
            "\(concurrentCallers) concurrent callers shared one start and heard \(endings[0]?.first?.code ?? "")"
        )
    }

    private static func honoursTimeout(_ subject: NetworkStartupConformanceSubject) -> Outcome {
        let trial = Trial(subject, .neverAnswers)
        let startup = NetworkStartup(
            configurations: [trial.network.configuration], defaultTimeout: timeout, clock: MediationClock(trial.manual),
            launcher: NetworkStartup.immediateLauncher)
        let name = trial.network.configuration.networkName
        let heard = Locked<[NetworkStartupRecord]>([])
        startup.launch(name)
        startup.whenFinished(name) { record in heard.withLock { $0.append(record) } }
        guard subject.hasStart else {
            return heard.current.map(\.status) == [.notNeeded]
                ? (.passed, "no SDK start: not_needed at once, never waits")
                : (.failed, "declares no SDK start but ended \(describe(heard.current.map(\.status)))")
        }
        trial.manual.advance(by: timeout - .milliseconds(1))
        if let early = heard.current.first {
            return (.failed, "a silent SDK ended \(early.status.code) before the \(timeout) timeout")
        }
        trial.manual.advance(by: .milliseconds(1) + .seconds(60))
        let endings = heard.current
        guard endings.count == 1, endings[0].status == .timedOut, endings[0].startDuration == timeout else {
            return (.failed, "a silent SDK ended \(describe(endings.map(\.status))); expected timed_out at \(timeout)")
        }
        return (.passed, "a silent SDK timed out at \(timeout), once")
    }

    private static func passesParameters(_ subject: NetworkStartupConformanceSubject) -> Outcome {
        guard subject.hasStart else { return (.skipped, "no SDK start: nothing to pass") }
        let trial = Trial(subject, .starts(after: .zero))
        trial.start(subject.sampleParameters)
        trial.manual.advance(by: .seconds(1))
        guard trial.network.receivedParameters(subject.sampleParameters) else {
            return (
                .failed,
                "the SDK did not receive the parameters (test mode \(subject.sampleParameters.isTestMode), keys "
                    + "\(subject.sampleParameters.values.keys.sorted().joined(separator: ", ")))"
            )
        }
        return (.passed, "the SDK received the test mode and \(subject.sampleParameters.values.count) parameter(s)")
    }
}
