import GoogleCustomNativeAdapter
import MediationBridge

/// An in-memory Google Mobile Ads SDK start-up: starts as its ``SandboxStartupScript`` says (prompt, slow,
/// failing, never answering) on its clock, and records the test devices and every start.
public final class SandboxGoogleMobileAds: GoogleSDKMobileAds {
    /// The error a failing sandbox start reports (GMA's adapter status "not ready").
    public static let startFailure = NetworkErrorInfo(
        domain: "com.google.admob", code: 0, message: "GADMobileAds adapter status: not ready (sandbox)")

    private let clock: MediationClock
    private let state: Locked<State>

    private struct State {
        var script: SandboxStartupScript
        var testDeviceIdentifiers: [String] = []
        var startCount = 0
        var isStarted = false
    }

    /// A start-up answering `script` on `clock`.
    public init(script: SandboxStartupScript = .prompt, clock: MediationClock = .continuous) {
        self.clock = clock
        state = Locked(State(script: script))
    }

    /// How the next start answers.
    public var script: SandboxStartupScript {
        get { state.withLock { $0.script } }
        set { state.withLock { $0.script = newValue } }
    }

    /// The test device identifiers set last.
    public var testDeviceIdentifiers: [String] { state.withLock { $0.testDeviceIdentifiers } }

    /// How many times `start` was called.
    public var startCount: Int { state.withLock { $0.startCount } }

    /// Whether a start reported the SDK ready.
    public var isStarted: Bool { state.withLock { $0.isStarted } }

    /// Records `identifiers`.
    public func setTestDeviceIdentifiers(_ identifiers: [String]) {
        state.withLock { $0.testDeviceIdentifiers = identifiers }
    }

    /// Answers as scripted.
    public func start(completion: @escaping @Sendable (NetworkErrorInfo?) -> Void) {
        let script = state.withLock { state in
            state.startCount += 1
            return state.script
        }
        script.run(on: clock) { [state] error in
            if error == nil { state.withLock { $0.isStarted = true } }
            completion(error)
        }
    }
}
