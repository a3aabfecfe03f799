/// The owner of a timer queue that hands out ``ScheduledAction`` handles on its timers: the manual clock and the
/// real-time scheduler.
///
/// Conformers keep their timers in a ``TimerQueue`` behind a lock, make one handle per timer with
/// ``ScheduledAction/init(canceller:)`` and add it to the queue with the timer; ``cancelScheduledAction(_:)`` takes
/// the handle's timer out of the queue under that lock, and does nothing when the timer has already run or been
/// cancelled. A handle holds its canceller weakly: a released clock cancels nothing, as nothing can run on it.
package protocol ScheduledActionCanceller: AnyObject, Sendable {
    /// Takes `action`'s timer out of the queue, if it is still there.
    func cancelScheduledAction(_ action: ScheduledAction)
}
