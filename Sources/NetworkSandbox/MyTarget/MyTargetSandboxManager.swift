import MediationBridge
import MediationSupport
import MyTargetAdapters

/// An in-memory `MTRGManager`: initialises as its ``SandboxStartupScript`` says (prompt, slow, failing, never
/// answering) on its clock, and records the debug mode and every initialisation.
public final class MyTargetSandboxManager: MyTargetSDKManager {
    /// The error a failing sandbox initialisation reports.
    public static let startFailure = NetworkErrorInfo(
        domain: "com.my.target.sdk", code: 1000, message: "SDK initialisation failed (sandbox)")

    private let startup: SandboxScriptedStart
    private let debugModeEnabled = Locked(false)

    /// A manager answering `script` on `clock`.
    public init(script: SandboxStartupScript = .prompt, clock: MediationClock = .continuous) {
        startup = SandboxScriptedStart(script: script, clock: clock)
    }

    /// How the next initialisation answers.
    public var script: SandboxStartupScript {
        get { startup.script }
        set { startup.script = newValue }
    }

    /// Whether the debug mode is on.
    public var debugMode: Bool { debugModeEnabled.withLock { $0 } }

    /// How many times `initSDK` was called.
    public var initCount: Int { startup.startCount }

    /// Whether an initialisation reported the SDK ready.
    public var isStarted: Bool { startup.isStarted }

    /// Records the debug mode.
    public func setDebugMode(_ enabled: Bool) {
        debugModeEnabled.withLock { $0 = enabled }
    }

    /// Answers as scripted.
    public func initSDK(completion: @escaping @Sendable (NetworkErrorInfo?) -> Void) {
        startup.start(completion: completion)
    }
}
