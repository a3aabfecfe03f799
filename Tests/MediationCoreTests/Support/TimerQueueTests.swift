import MediationCore
import Testing

/// The timer queue shared by the real-time scheduler and the manual clock.
@Suite struct TimerQueueTests {
    @Test func popsInDeadlineOrderWithTiesInInsertionOrder() {
        var queue = TimerQueue<String>()
        _ = queue.add("c", at: .seconds(3))
        _ = queue.add("a1", at: .seconds(1))
        _ = queue.add("b", at: .seconds(2))
        _ = queue.add("a2", at: .seconds(1))
        #expect(queue.earliestDeadline() == .seconds(1))
        #expect(queue.popDue(by: .milliseconds(999)) == nil, "nothing is due before 1 s")
        var popped: [String] = []
        while let due = queue.popDue(by: .seconds(10)) { popped.append(due.payload) }
        #expect(popped == ["a1", "a2", "b", "c"])
        #expect(queue.isEmpty)
    }

    @Test func removedTimersNeverComeOutAndTheHeapIsCompacted() {
        var queue = TimerQueue<Int>()
        let ids = (0..<1_000).map { queue.add($0, at: .milliseconds($0)) }
        for id in ids.dropLast(10) { #expect(queue.remove(id) != nil) }
        #expect(queue.remove(ids[0]) == nil, "a timer is removed once")
        #expect(queue.count == 10)
        var popped: [Int] = []
        while let due = queue.popDue(by: .seconds(10)) { popped.append(due.payload) }
        #expect(popped == Array(990..<1_000))
    }
}
