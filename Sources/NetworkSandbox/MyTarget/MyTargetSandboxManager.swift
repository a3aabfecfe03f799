import MediationBridge
import MyTargetAdapters

/// An in-memory `MTRGManager`: initialises as its ``SandboxStartupScript`` says (prompt, slow, failing, never
/// answering) on its clock, and records the debug mode and every initialisation.
public final class MyTargetSandboxManager: MyTargetSDKManager {
    /// The error a failing sandbox initialisation reports.
    public static let startFailure = NetworkErrorInfo(
        domain: "com.my.target.sdk", code: 1000, message: "SDK initialisation failed (sandbox)")

    private let clock: MediationClock
    private let state: Locked<State>

    private struct State {
        var script: SandboxStartupScript
        var debugMode = false
        var initCount = 0
        var isStarted = false
    }

    /// A manager answering `script` on `clock`.
    public init(script: SandboxStartupScript = .prompt, clock: MediationClock = .continuous) {
        self.clock = clock
        state = Locked(State(script: script))
    }

    /// How the next initialisation answers.
    public var script: SandboxStartupScript {
        get { state.withLock { $0.script } }
        set { state.withLock { $0.script = newValue } }
    }

    /// Whether the debug mode is on.
    public var debugMode: Bool { state.withLock { $0.debugMode } }

    /// How many times `initSDK` was called.
    public var initCount: Int { state.withLock { $0.initCount } }

    /// Whether an initialisation reported the SDK ready.
    public var isStarted: Bool { state.withLock { $0.isStarted } }

    /// Records the debug mode.
    public func setDebugMode(_ enabled: Bool) {
        state.withLock { $0.debugMode = enabled }
    }

    /// Answers as scripted.
    public func initSDK(completion: @escaping @Sendable (NetworkErrorInfo?) -> Void) {
        let script = state.withLock { state in
            state.initCount += 1
            return state.script
        }
        script.run(on: clock) { [state] error in
            if error == nil { state.withLock { $0.isStarted = true } }
            completion(error)
        }
    }
}
