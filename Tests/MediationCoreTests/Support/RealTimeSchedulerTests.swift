import Dispatch
import MediationSupport
import Testing

@testable import MediationBridge
@testable import MediationCore

/// The continuous clock runs its timers on one timer queue instead of a task each. These tests wait
/// for real timers of a few milliseconds but assert only order and counts, never durations.
@Suite struct RealTimeSchedulerTests {
    private static func scheduler() -> RealTimeScheduler {
        let origin = ContinuousClock.now
        return RealTimeScheduler(now: { origin.duration(to: ContinuousClock.now) })
    }

    @Test func actionsRunInDeadlineOrderWhateverTheOrderTheyWereScheduledIn() async {
        // The scheduler's clock is the test's: every deadline is taken at now = 0, and only once all are scheduled
        // does time jump past the last one, so real time decides nothing but when the source wakes up.
        let now = Locked(Duration.zero)
        let queue = DispatchQueue(label: "test.timers")
        queue.suspend()
        let scheduler = RealTimeScheduler(now: { now.current }, queue: queue)
        let ran = Locked<[Int]>([])
        let delays = [5, 0, 3, 1, 4, 2, 5, 0]
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            let remaining = Locked(delays.count)
            for (index, delay) in delays.enumerated() {
                _ = scheduler.schedule(after: .milliseconds(delay)) {
                    ran.withLock { $0.append(index) }
                    if remaining.withLock({
                        $0 -= 1
                        return $0
                    }) == 0 {
                        done.resume()
                    }
                }
            }
            now.withLock { $0 = .milliseconds(10) }
            queue.resume()
        }
        // Sorted by delay; equal delays keep their scheduling order.
        #expect(ran.current == [1, 7, 3, 5, 2, 4, 0, 6])
        #expect(scheduler.pendingCount == 0)
    }

    @Test func aCancelledActionNeverRunsAndLeavesTheQueue() async {
        // The scheduler's queue is held while timers are scheduled and half of them cancelled, so that none of
        // them can run before its cancel.
        let queue = DispatchQueue(label: "test.timers")
        queue.suspend()
        let origin = ContinuousClock.now
        let scheduler = RealTimeScheduler(now: { origin.duration(to: ContinuousClock.now) }, queue: queue)
        let ran = Locked<Set<Int>>([])
        var handles: [ScheduledAction] = []
        for index in 0..<100 {
            handles.append(
                scheduler.schedule(after: .milliseconds(index % 3)) { ran.withLock { _ = $0.insert(index) } })
        }
        for index in stride(from: 0, to: 100, by: 2) { handles[index].cancel() }
        queue.resume()
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            _ = scheduler.schedule(after: .milliseconds(3)) { done.resume() }
        }
        #expect(ran.current == Set(stride(from: 1, to: 100, by: 2)))
        #expect(scheduler.pendingCount == 0)
    }

    @Test func anEarlierTimerScheduledAfterALaterOneStillRunsFirst() async {
        let scheduler = Self.scheduler()
        let ran = Locked<[String]>([])
        let late = scheduler.schedule(after: .seconds(3600)) { ran.withLock { $0.append("late") } }
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            _ = scheduler.schedule(after: .milliseconds(1)) {
                ran.withLock { $0.append("early") }
                done.resume()
            }
        }
        #expect(ran.current == ["early"], "the source was re-armed for the earlier deadline")
        #expect(scheduler.pendingCount == 1)
        late.cancel()
        #expect(scheduler.pendingCount == 0)
    }

    @Test func theContinuousMediationClockSchedulesOnItsTimerQueue() async {
        let clock = MediationClock(ContinuousClock())
        let ran = Locked(0)
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            clock.schedule(after: .milliseconds(1)) {
                ran.withLock { $0 += 1 }
                done.resume()
            }
        }
        #expect(ran.current == 1)
    }
}
