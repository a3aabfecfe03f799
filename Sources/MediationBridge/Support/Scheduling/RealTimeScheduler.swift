import Dispatch
import MediationSupport

/// Runs timed actions for a clock that passes in real time (continuous or suspending): one timer queue and
/// one dispatch timer source per clock, re-armed for the earliest deadline, instead of one `Task` per timer.
///
/// A run arms a line timeout for every line it starts and a hedge timer at every line start, and cancels most of
/// them moments later; with a task per timer each of those was a task creation, a thread wake-up and a
/// cancellation. Here scheduling and cancelling are a lock and a heap operation, and the kernel is asked for a
/// new wake-up only when the earliest deadline moves earlier. Due actions run one after another on the
/// scheduler's serial queue, outside the lock; a deadline that the clock has not yet reached when the source
/// fires (dispatch and the clock may disagree by a little) is simply re-armed.
final class RealTimeScheduler: ScheduledActionCanceller {
    private struct State {
        var timers = TimerQueue<@Sendable () -> Void>()
        /// The deadline the source is armed for, if any.
        var armedDeadline: Duration?
    }

    private let readNow: @Sendable () -> Duration
    private let state = Locked(State())
    private let queue: DispatchQueue
    private let timer: DispatchTimer

    /// The dispatch timer source. Dispatch sources are thread-safe (their methods may be called from any
    /// thread), but Dispatch on Linux does not mark them `Sendable`; this box says so for the one source.
    private final class DispatchTimer: @unchecked Sendable {
        let source: any DispatchSourceTimer
        init(queue: DispatchQueue) { source = DispatchSource.makeTimerSource(queue: queue) }
    }

    /// A scheduler over a clock read by `now` (time since an origin, in real time) that runs actions on `queue`
    /// (a serial queue of its own unless given one).
    init(
        now: @escaping @Sendable () -> Duration,
        queue: DispatchQueue = DispatchQueue(label: "MediationKit.timers", qos: .userInitiated)
    ) {
        readNow = now
        self.queue = queue
        timer = DispatchTimer(queue: queue)
        timer.source.setEventHandler { [weak self] in self?.runDueActions() }
        timer.source.activate()
    }

    deinit {
        timer.source.cancel()
    }

    /// How many actions wait.
    var pendingCount: Int { state.withLock { $0.timers.count } }

    /// Runs `action` on the scheduler's queue once `delay` has passed.
    func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> ScheduledAction {
        let deadline = readNow() + max(delay, .zero)
        let handle = ScheduledAction(canceller: self)
        // The source is re-armed under the lock, so that a concurrent re-arm for a later deadline cannot
        // overtake this one.
        state.withLock { state in
            state.timers.add(action, at: deadline, handle: handle)
            if state.armedDeadline.map({ deadline < $0 }) ?? true {
                state.armedDeadline = deadline
                arm(for: deadline)
            }
        }
        return handle
    }

    /// Takes `action`'s timer out of the queue (a cancelled timer never runs).
    func cancelScheduledAction(_ action: ScheduledAction) {
        _ = state.withLock { $0.timers.remove(action) }
    }

    private func arm(for deadline: Duration) {
        let delay = max(deadline - readNow(), .zero)
        let nanoseconds = Int(saturating: min(delay / .nanoseconds(1), Double(Int.max / 2)))
        timer.source.schedule(deadline: .now() + .nanoseconds(nanoseconds), leeway: .milliseconds(1))
    }

    private func runDueActions() {
        while true {
            let now = readNow()
            let action: (@Sendable () -> Void)? = state.withLock { state in
                if let due = state.timers.popDue(by: now) { return due.payload }
                state.armedDeadline = state.timers.earliestDeadline()
                if let next = state.armedDeadline { arm(for: next) }
                return nil
            }
            guard let action else { return }
            action()
        }
    }
}
