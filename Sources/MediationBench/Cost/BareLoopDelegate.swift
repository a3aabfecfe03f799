import MediationCore
import MediationSupport

/// The bare loop's delegate: remembers whether the current load filled, nothing else.
final class BareLoopDelegate: NativeCustomEventDelegate, Sendable {
    private let state = Locked(false)

    /// Whether a line of the current load filled.
    var filled: Bool { state.current }

    /// Starts a new load.
    func reset() { state.withLock { $0 = false } }

    func nativeCustomEvent(_ customEvent: any NativeCustomEvent, didLoad ad: NativeAd) {
        state.withLock { $0 = true }
    }

    func nativeCustomEvent(_ customEvent: any NativeCustomEvent, didFailWith error: MediationError) {}
}
