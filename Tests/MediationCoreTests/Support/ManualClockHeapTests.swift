import MediationCore
import MediationSupport
import MediationTesting
import Testing

@Suite struct ManualClockHeapTests {
    @Test func timersDueAtTheSameInstantRunInSchedulingOrder() {
        let manual = ManualClock()
        let order = Locked<[Int]>([])
        for index in 0..<50 {
            // Interleave two deadlines so the heap has to keep ties apart by scheduling order.
            let delay: Duration = index.isMultiple(of: 2) ? .seconds(2) : .seconds(1)
            _ = manual.schedule(after: delay) { order.withLock { $0.append(index) } }
        }
        manual.advance(by: .seconds(3))
        let odds = Array(stride(from: 1, to: 50, by: 2))
        let evens = Array(stride(from: 0, to: 50, by: 2))
        #expect(order.current == odds + evens)
    }

    @Test func pendingCountAndNextDeadlineStayExactWhenTimersAreCancelled() {
        let manual = ManualClock()
        var handles: [ScheduledAction] = []
        for index in 1...200 {
            handles.append(manual.schedule(after: .milliseconds(index)) {})
        }
        #expect(manual.pendingCount == 200)
        #expect(manual.nextDeadline == ManualClock.Instant(offset: .milliseconds(1)))
        // Cancel the earliest 150: the heap drops them lazily or compacts, the counts never lag.
        for handle in handles.prefix(150) { handle.cancel() }
        #expect(manual.pendingCount == 50)
        #expect(manual.nextDeadline == ManualClock.Instant(offset: .milliseconds(151)))
        handles[150].cancel()
        handles[150].cancel()
        #expect(manual.pendingCount == 49)
        #expect(manual.nextDeadline == ManualClock.Instant(offset: .milliseconds(152)))
        #expect(manual.runUntilIdle() == 49)
        #expect(manual.pendingCount == 0)
        #expect(manual.nextDeadline == nil)
    }

    @Test func manyTimersRunInDeadlineOrder() {
        let manual = ManualClock()
        let fired = Locked<[Duration]>([])
        var generator = 0x9E37_79B9_7F4A_7C15 as UInt64
        for _ in 0..<5_000 {
            generator = generator &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let delay = Duration.milliseconds(Int(generator >> 52))
            _ = manual.schedule(after: delay) { fired.withLock { $0.append(manual.elapsedSinceStart) } }
        }
        manual.runUntilIdle()
        #expect(fired.current.count == 5_000)
        #expect(fired.current == fired.current.sorted())
    }

    @Test func aHandleHoldsItsClockWeaklyAndCancelsNothingOnceTheClockIsGone() {
        weak var released: ManualClock?
        let ran = Locked(0)
        let handle: ScheduledAction
        do {
            let manual = ManualClock()
            released = manual
            handle = manual.schedule(after: .seconds(1)) { ran.withLock { $0 += 1 } }
            let cancelled = manual.schedule(after: .seconds(1)) { ran.withLock { $0 += 10 } }
            cancelled.cancel()
            cancelled.cancel()
            #expect(manual.pendingCount == 1, "a cancelled timer leaves the queue, once")
            manual.advance(by: .seconds(1))
            #expect(ran.current == 1)
            handle.cancel()
            #expect(manual.pendingCount == 0, "cancelling a timer that ran does nothing")
        }
        #expect(released == nil, "a handle does not keep its clock")
        handle.cancel()
        #expect(ran.current == 1)
    }
}
