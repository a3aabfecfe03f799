import MediationCore
import MediationSupport

/// An in-memory start-up for the reference network: answers as arranged on its clock and records what it got.
public final class ReferenceSandboxStarter: ReferenceNetworkStarting {
    /// The error a failing start reports.
    public static let failure = NetworkErrorInfo(
        domain: "com.example.reference", code: 501, message: "invalid application key")

    private struct State {
        var starts = 0
        var isStarted = false
        var applicationKey: String?
        var testMode = false
    }

    private let scenario: NetworkStartupScenario
    private let clock: MediationClock
    private let state = Locked(State())

    /// A starter answering as `scenario` says on `clock`.
    public init(scenario: NetworkStartupScenario = .starts(after: .zero), clock: MediationClock = .continuous) {
        self.scenario = scenario
        self.clock = clock
    }

    /// How many starts were asked for.
    public var startCount: Int { state.withLock { $0.starts } }
    /// Whether a start made the SDK ready.
    public var isStarted: Bool { state.withLock { $0.isStarted } }
    /// The application key of the latest start.
    public var applicationKey: String? { state.withLock { $0.applicationKey } }
    /// The test mode of the latest start.
    public var testMode: Bool { state.withLock { $0.testMode } }

    /// Answers as arranged.
    public func start(
        applicationKey: String?, testMode: Bool, completion: @escaping @Sendable (NetworkErrorInfo?) -> Void
    ) {
        state.withLock { state in
            state.starts += 1
            state.applicationKey = applicationKey
            state.testMode = testMode
        }
        let answer: @Sendable (NetworkErrorInfo?) -> Void = { [state] error in
            if error == nil { state.withLock { $0.isStarted = true } }
            completion(error)
        }
        switch scenario {
        case .starts(let latency): clock.schedule(after: latency) { answer(nil) }
        case .fails(let latency): clock.schedule(after: latency) { answer(Self.failure) }
        case .neverAnswers: break
        }
    }
}
