import Dispatch
import MediationSupport

/// A one-shot timer for one HTTP request: it fires once at its deadline unless cancelled first, and a cancelled
/// timer releases its handler at once.
///
/// `@unchecked Sendable`: a dispatch source may be cancelled from any thread; the source is created resumed and
/// never suspended again, so releasing it is always allowed.
final class RequestTimer: @unchecked Sendable {
    private let source: any DispatchSourceTimer

    /// Starts a timer that runs `handler` on a global queue after `delay`.
    init(after delay: Duration, handler: @escaping @Sendable () -> Void) {
        source = DispatchSource.makeTimerSource(queue: DispatchQueue.global())
        source.schedule(deadline: .now() + delay.seconds)
        source.setEventHandler(handler: handler)
        source.resume()
    }

    /// Cancels the timer; its handler does not run after this returns (unless it is already running).
    func cancel() {
        source.cancel()
    }
}
