import GoogleCustomNativeAdapter
import MediationBridge
import MediationSupport

/// An in-memory Google Mobile Ads SDK start-up: starts as its ``SandboxStartupScript`` says (prompt, slow,
/// failing, never answering) on its clock, and records the test devices and every start.
public final class SandboxGoogleMobileAds: GoogleSDKMobileAds {
    /// The error a failing sandbox start reports (GMA's adapter status "not ready").
    public static let startFailure = NetworkErrorInfo(
        domain: "com.google.admob", code: 0, message: "GADMobileAds adapter status: not ready (sandbox)")

    private let startup: SandboxScriptedStart
    private let testDevices = Locked<[String]>([])

    /// A start-up answering `script` on `clock`.
    public init(script: SandboxStartupScript = .prompt, clock: MediationClock = .continuous) {
        startup = SandboxScriptedStart(script: script, clock: clock)
    }

    /// How the next start answers.
    public var script: SandboxStartupScript {
        get { startup.script }
        set { startup.script = newValue }
    }

    /// The test device identifiers set last.
    public var testDeviceIdentifiers: [String] { testDevices.withLock { $0 } }

    /// How many times `start` was called.
    public var startCount: Int { startup.startCount }

    /// Whether a start reported the SDK ready.
    public var isStarted: Bool { startup.isStarted }

    /// Records `identifiers`.
    public func setTestDeviceIdentifiers(_ identifiers: [String]) {
        testDevices.withLock { $0 = identifiers }
    }

    /// Answers as scripted.
    public func start(completion: @escaping @Sendable (NetworkErrorInfo?) -> Void) {
        startup.start(completion: completion)
    }
}
