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

    @Test func aBurstThatHasPassedGivesBackItsRoom() {
        var queue = TimerQueue<Int>()
        // A burst of 10,000 timers, of which 9,990 run (in deadline order) and 10 stay.
        for index in 0..<10_000 { _ = queue.add(index, at: .milliseconds(index < 9_990 ? index : 100_000)) }
        let burst = queue.reservedCapacity
        #expect(burst.table >= 10_000)
        #expect(burst.heap >= 10_000)
        var ran = 0
        while queue.popDue(by: .seconds(10)) != nil { ran += 1 }
        #expect(ran == 9_990)
        #expect(queue.count == 10)
        let after = queue.reservedCapacity
        #expect(after.table <= 64, "room for the 10 left, not for the burst")
        #expect(after.heap <= 64)
        var popped: [Int] = []
        while let due = queue.popDue(by: .seconds(1_000)) { popped.append(due.payload) }
        #expect(popped == Array(9_990..<10_000), "what stayed still runs, in order")
    }

    @Test func removingMostTimersGivesBackTheirRoomAndKeepsTheRest() {
        var queue = TimerQueue<Int>()
        let ids = (0..<4_000).map { queue.add($0, at: .milliseconds(4_000 - $0)) }
        for id in ids where id % 100 != 0 { _ = queue.remove(id) }
        #expect(queue.count == 40)
        #expect(queue.reservedCapacity.table < 4 * 4 * 40)
        #expect(queue.reservedCapacity.heap < 4 * 4 * 40)
        var popped: [Int] = []
        while let due = queue.popDue(by: .seconds(10)) { popped.append(due.payload) }
        #expect(popped == ids.filter { $0 % 100 == 0 }.map { $0 - 1 }.reversed())
    }
}
