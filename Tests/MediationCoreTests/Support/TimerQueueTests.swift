import MediationCore
import Testing

/// The timer queue shared by the real-time scheduler and the manual clock.
@Suite struct TimerQueueTests {
    /// Adds `payload` at `deadline` with a handle of its own, and returns the handle.
    private static func add<Payload>(
        _ payload: Payload, at deadline: Duration, to queue: inout TimerQueue<Payload>
    ) -> ScheduledAction {
        let handle = ScheduledAction()
        queue.add(payload, at: deadline, handle: handle)
        return handle
    }

    @Test func popsInDeadlineOrderWithTiesInInsertionOrder() {
        var queue = TimerQueue<String>()
        _ = Self.add("c", at: .seconds(3), to: &queue)
        _ = Self.add("a1", at: .seconds(1), to: &queue)
        _ = Self.add("b", at: .seconds(2), to: &queue)
        _ = Self.add("a2", at: .seconds(1), to: &queue)
        #expect(queue.earliestDeadline() == .seconds(1))
        #expect(queue.popDue(by: .milliseconds(999)) == nil, "nothing is due before 1 s")
        var popped: [String] = []
        while let due = queue.popDue(by: .seconds(10)) { popped.append(due.payload) }
        #expect(popped == ["a1", "a2", "b", "c"])
        #expect(queue.isEmpty)
    }

    @Test func removedTimersNeverComeOutAndLeaveNothingBehind() {
        var queue = TimerQueue<Int>()
        let handles = (0..<1_000).map { Self.add($0, at: .milliseconds($0), to: &queue) }
        for handle in handles.dropLast(10) { #expect(queue.remove(handle) != nil) }
        #expect(queue.remove(handles[0]) == nil, "a timer is removed once")
        #expect(queue.count == 10)
        var popped: [Int] = []
        while let due = queue.popDue(by: .seconds(10)) { popped.append(due.payload) }
        #expect(popped == Array(990..<1_000))
        #expect(queue.remove(handles[999]) == nil, "a timer that ran is not removed")
    }

    @Test func aHandleIsInOneQueueAtATime() {
        var queue = TimerQueue<Int>()
        var other = TimerQueue<Int>()
        let handle = Self.add(1, at: .seconds(1), to: &queue)
        other.add(2, at: .seconds(2), handle: handle)
        #expect(other.isEmpty, "a handle already queued is not added again")
        #expect(other.remove(handle) == nil, "nor removed from a queue it is not in")
        #expect(queue.remove(handle) == 1)
        other.add(2, at: .seconds(2), handle: handle)
        #expect(other.remove(handle) == 2, "once out of its queue, the handle may be used again")
    }

    /// Random adds, removals and pops against a sorted list: the same timers come out, in the same order.
    @Test func randomAddsRemovalsAndPopsMatchASortedList() {
        var queue = TimerQueue<Int>()
        var model: [(deadline: Duration, order: Int, handle: ScheduledAction)] = []
        var generator = SystemRandomNumberGenerator()
        var order = 0
        for _ in 0..<20_000 {
            switch Int.random(in: 0..<10, using: &generator) {
            case 0..<5:
                order += 1
                let deadline = Duration.milliseconds(Int.random(in: 0..<200, using: &generator))
                model.append((deadline, order, Self.add(order, at: deadline, to: &queue)))
            case 5..<8:
                guard !model.isEmpty else { continue }
                let index = Int.random(in: 0..<model.count, using: &generator)
                #expect(queue.remove(model[index].handle) == model[index].order)
                model.remove(at: index)
            default:
                let limit = Duration.milliseconds(Int.random(in: 0..<200, using: &generator))
                let due = model.indices.filter { model[$0].deadline <= limit }.min {
                    (model[$0].deadline, model[$0].order) < (model[$1].deadline, model[$1].order)
                }
                let popped = queue.popDue(by: limit)
                #expect(popped?.payload == due.map { model[$0].order })
                if let due { model.remove(at: due) }
            }
            #expect(queue.count == model.count)
        }
        #expect(queue.earliestDeadline() == model.map(\.deadline).min())
    }

    @Test func aBurstThatHasPassedGivesBackItsRoom() {
        var queue = TimerQueue<Int>()
        // A burst of 10,000 timers, of which 9,990 run (in deadline order) and 10 stay.
        for index in 0..<10_000 {
            _ = Self.add(index, at: .milliseconds(index < 9_990 ? index : 100_000), to: &queue)
        }
        #expect(queue.reservedCapacity >= 10_000)
        var ran = 0
        while queue.popDue(by: .seconds(10)) != nil { ran += 1 }
        #expect(ran == 9_990)
        #expect(queue.count == 10)
        #expect(queue.reservedCapacity <= 64, "room for the 10 left, not for the burst")
        var popped: [Int] = []
        while let due = queue.popDue(by: .seconds(1_000)) { popped.append(due.payload) }
        #expect(popped == Array(9_990..<10_000), "what stayed still runs, in order")
    }

    @Test func removingMostTimersGivesBackTheirRoomAndKeepsTheRest() {
        var queue = TimerQueue<Int>()
        let handles = (0..<4_000).map { Self.add($0, at: .milliseconds(4_000 - $0), to: &queue) }
        for (index, handle) in handles.enumerated() where index % 100 != 0 { _ = queue.remove(handle) }
        #expect(queue.count == 40)
        #expect(queue.reservedCapacity < 4 * 40)
        var popped: [Int] = []
        while let due = queue.popDue(by: .seconds(10)) { popped.append(due.payload) }
        #expect(popped == Array(stride(from: 0, to: 4_000, by: 100)).reversed())
    }
}
