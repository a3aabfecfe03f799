import GoogleCustomNativeAdapter
import MediationBridge
import MediationSupport

/// The sandbox's Open Measurement session: records the measured view and how often it was started.
public final class SandboxDisplayAdMeasurement: GoogleSDKDisplayAdMeasurement, Sendable {
    /// The error a failing start throws.
    public struct StartError: Error, Sendable, Hashable {
        /// Creates the error.
        public init() {}
    }

    private struct State {
        weak var view: (any NativeAdRendering)?
        var startCount = 0
    }

    private let state = Locked(State())
    private let failsToStart: Bool

    /// Creates a session; `failsToStart` makes ``start()`` throw.
    public init(failsToStart: Bool = false) {
        self.failsToStart = failsToStart
    }

    /// The measured view, held weakly.
    public var view: (any NativeAdRendering)? {
        get { state.withLock { $0.view } }
        set { state.withLock { $0.view = newValue } }
    }

    /// How many times ``start()`` was called.
    public var startCount: Int { state.withLock { $0.startCount } }

    /// Counts the start; throws ``StartError`` when scripted to fail.
    public func start() throws {
        state.withLock { $0.startCount += 1 }
        if failsToStart { throw StartError() }
    }
}
