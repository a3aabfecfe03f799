import MediationBridge

/// How a sandbox network's SDK start answers: the start-up knobs the sandbox starters share, selectable per
/// network (a network that starts slowly, one that fails, one that never answers).
public struct SandboxStartupScript: Sendable, Hashable {
    /// What the start answers.
    public enum Outcome: Sendable, Hashable {
        /// The SDK is ready.
        case starts
        /// The SDK reports this error.
        case fails(NetworkErrorInfo)
        /// The SDK never calls back.
        case neverAnswers
    }

    /// What the start answers.
    public var outcome: Outcome
    /// How long the start takes, on the sandbox's clock.
    public var latency: Duration
    /// How many times the SDK calls back (more than 1 simulates a double callback).
    public var callbackCount: Int

    /// Creates a script.
    public init(_ outcome: Outcome, latency: Duration = .zero, callbackCount: Int = 1) {
        self.outcome = outcome
        self.latency = latency
        self.callbackCount = callbackCount
    }

    /// Starts at once.
    public static let prompt = SandboxStartupScript(.starts)

    /// Starts after `latency`.
    public static func slow(_ latency: Duration) -> SandboxStartupScript {
        SandboxStartupScript(.starts, latency: latency)
    }

    /// Fails with `error` after `latency`.
    public static func fails(_ error: NetworkErrorInfo, after latency: Duration = .zero) -> SandboxStartupScript {
        SandboxStartupScript(.fails(error), latency: latency)
    }

    /// Never answers.
    public static let neverAnswers = SandboxStartupScript(.neverAnswers)

    /// Parses a CLI/demo spelling: `prompt`, `slow:<ms>`, `fail` or `never`.
    public init?(spelling: String, failure: NetworkErrorInfo) {
        switch spelling {
        case "prompt": self = .prompt
        case "fail": self = .fails(failure)
        case "never": self = .neverAnswers
        default:
            guard spelling.hasPrefix("slow:"), let milliseconds = Int(spelling.dropFirst(5)), milliseconds >= 0 else {
                return nil
            }
            self = .slow(.milliseconds(milliseconds))
        }
    }

    /// Calls `answer` as scripted on `clock`: `callbackCount` times after `latency` with `nil` (started) or the
    /// error; never for ``Outcome/neverAnswers``.
    package func run(on clock: MediationClock, _ answer: @escaping @Sendable (NetworkErrorInfo?) -> Void) {
        let error: NetworkErrorInfo?
        switch outcome {
        case .starts: error = nil
        case .fails(let failure): error = failure
        case .neverAnswers: return
        }
        let count = max(callbackCount, 1)
        let deliver: @Sendable () -> Void = {
            for _ in 0..<count { answer(error) }
        }
        if latency == .zero { deliver() } else { clock.schedule(after: latency, deliver) }
    }
}
