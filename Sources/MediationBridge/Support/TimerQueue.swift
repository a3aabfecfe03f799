/// Pending timers by deadline: the one data structure behind every MediationKit clock that runs timed
/// actions (the engine's real-time scheduler and the manual clock in MediationTesting).
///
/// Timers due at the same deadline come out in the order they were added. Removing a timer takes it out of the
/// live table at once and out of the heap lazily; the heap is compacted when more than half of it is dead. Once a
/// burst of timers has passed, the table and the heap give back their room when less than a quarter of it is
/// used (past ``minimumShrinkableCapacity``), so memory follows the live count. Adding, removing and taking the
/// next timer cost O(log n), amortised.
///
/// A value type with no lock: its owner keeps it behind one (``Locked``) and runs payloads after unlocking.
package struct TimerQueue<Payload: Sendable>: Sendable {
    private var nextID = 0
    private var live: [Int: (deadline: Duration, payload: Payload)] = [:]
    private var heap = TimerHeap()

    /// An empty queue.
    package init() {}

    /// Below this many entries of room, the table and the heap keep what they have.
    static var minimumShrinkableCapacity: Int { 64 }

    /// The room the live table and the heap hold, in entries (for tests of the queue's memory).
    package var reservedCapacity: (table: Int, heap: Int) { (live.capacity, heap.capacity) }

    /// How many timers are pending.
    package var count: Int { live.count }

    /// Whether no timer is pending.
    package var isEmpty: Bool { live.isEmpty }

    /// Every pending payload, in no particular order.
    package var payloads: [Payload] { live.values.map(\.payload) }

    /// Adds a timer due at `deadline` and returns its identifier.
    package mutating func add(_ payload: Payload, at deadline: Duration) -> Int {
        nextID += 1
        live[nextID] = (deadline, payload)
        heap.push(TimerHeap.Key(deadline: deadline, id: nextID))
        return nextID
    }

    /// Removes the timer `id` and returns its payload; `nil` when it already ran or was removed.
    package mutating func remove(_ id: Int) -> Payload? {
        guard let entry = live.removeValue(forKey: id) else { return nil }
        if heap.count > 64, heap.count > 2 * live.count {
            heap.rebuild(keeping: { live[$0] != nil })
        }
        shrinkIfMostlyEmpty()
        return entry.payload
    }

    /// The earliest pending deadline.
    package mutating func earliestDeadline() -> Duration? {
        while let top = heap.peek {
            if live[top.id] != nil { return top.deadline }
            heap.pop()
        }
        return nil
    }

    /// Removes and returns the earliest timer if it is due at or before `limit`.
    package mutating func popDue(by limit: Duration) -> (deadline: Duration, payload: Payload)? {
        guard let deadline = earliestDeadline(), deadline <= limit, let key = heap.pop(),
            let entry = live.removeValue(forKey: key.id)
        else { return nil }
        shrinkIfMostlyEmpty()
        return entry
    }

    /// Copies the live table, and the heap, into room for twice their count when less than a quarter of their
    /// room is used: after a burst, the room of its timers is given back. Twice the count, so that a queue
    /// that shrank can lose half of what it holds, or double it, before it copies again.
    private mutating func shrinkIfMostlyEmpty() {
        let smallest = Self.minimumShrinkableCapacity
        if live.capacity > smallest, live.count * 4 < live.capacity {
            var smaller = [Int: (deadline: Duration, payload: Payload)](minimumCapacity: 2 * live.count)
            for (id, entry) in live { smaller[id] = entry }
            live = smaller
        }
        heap.shrinkIfMostlyEmpty(above: smallest)
    }
}
