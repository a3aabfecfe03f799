import MediationSupport

/// A handle on a scheduled action; cancelling it stops the action from running if it has not run yet.
///
/// One object per timer. A handle on a timer of a `TimerQueue` (the manual clock's, the real-time scheduler's)
/// holds its owner weakly and its place in the queue, which the owner keeps under its own lock: no lock, no closure
/// of its own, 48 bytes. A handle made with a cancel handler (a timer that is a task) guards the handler with a
/// lock, in a box made only then.
public final class ScheduledAction: @unchecked Sendable {
    // Checked by hand: `canceller` and `handler` are set once, by the initialiser; `queuePosition` is read and
    // written only under the lock of the canceller's timer queue.

    /// The timer queue's owner, for a handle on a queued timer.
    private weak var canceller: (any ScheduledActionCanceller)?
    /// The handler box, for a handle made with a cancel handler.
    private let handler: CancelHandler?
    /// Where the timer sits in its ``TimerQueue``, or -1 when it is in none (not yet added, run or cancelled).
    /// Only the queue reads and writes it, under its owner's lock.
    package var queuePosition = -1

    /// A handle on a timer of `canceller`'s queue: ``cancel()`` asks `canceller` to take it out.
    package init(canceller: any ScheduledActionCanceller) {
        self.canceller = canceller
        handler = nil
    }

    /// Creates a handle that runs `onCancel` the first time ``cancel()`` is called.
    package init(onCancel: @escaping @Sendable () -> Void) {
        handler = CancelHandler(onCancel)
    }

    /// A handle on nothing: cancelling it does nothing (an action that can never run).
    package init() {
        handler = nil
    }

    /// Cancels the action; later calls do nothing.
    public func cancel() {
        if let handler {
            handler.run()
        } else {
            canceller?.cancelScheduledAction(self)
        }
    }
}

extension ScheduledAction {
    /// A cancel handler that runs once, guarded by a lock of its own.
    fileprivate final class CancelHandler: @unchecked Sendable {
        // Checked by hand: `onCancel` is only read and written while `lock` is held.
        private let lock = PlatformLock()
        private var onCancel: (@Sendable () -> Void)?

        init(_ onCancel: @escaping @Sendable () -> Void) {
            self.onCancel = onCancel
        }

        deinit {
            lock.destroy()
        }

        /// Runs the handler the first time; later calls do nothing.
        func run() {
            lock.lock()
            let handler = onCancel
            onCancel = nil
            lock.unlock()
            handler?()
        }
    }
}
