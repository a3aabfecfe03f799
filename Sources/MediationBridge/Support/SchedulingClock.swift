/// A clock that runs timed actions itself, such as a manual or virtual clock in tests and simulations.
///
/// When the engine's clock conforms, timeouts and hedge timers are scheduled on it directly, so that
/// advancing the clock runs them synchronously and deterministically, with no task scheduling involved.
/// Conformers must run each scheduled action exactly once when its deadline is reached (unless cancelled),
/// in deadline order, outside any internal lock. A conformer is a class: ``MediationClock`` holds it weakly,
/// so that releasing the clock releases the actions still pending on it (a run that scheduled a timeout on a
/// clock holds that clock; the clock must not hold the run back). Once released, a clock can never reach a
/// deadline, so nothing pending on it could have run anyway.
public protocol SchedulingClock: AnyObject, Clock where Duration == Swift.Duration {
    /// Time elapsed since the clock was created; the origin of ``MediationInstant`` values.
    var elapsedSinceStart: Duration { get }

    /// Runs `action` once `delay` has passed on this clock.
    func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> ScheduledAction
}

/// A handle on a scheduled action; cancelling it stops the action from running if it has not run yet.
///
/// One object per timer, guarding its cancel handler with a `PlatformLock` of its own (no separate box): the
/// engine arms timers for every run in flight.
public final class ScheduledAction: @unchecked Sendable {
    // Checked by hand: `onCancel` is only read and written while `lock` is held.
    private let lock = PlatformLock()
    private var onCancel: (@Sendable () -> Void)?

    /// Creates a handle that runs `onCancel` the first time ``cancel()`` is called.
    package init(onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = onCancel
    }

    deinit {
        lock.destroy()
    }

    /// Cancels the action; later calls do nothing.
    public func cancel() {
        lock.lock()
        let handler = onCancel
        onCancel = nil
        lock.unlock()
        handler?()
    }
}
