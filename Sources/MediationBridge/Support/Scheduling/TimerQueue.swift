/// Pending timers by deadline: the one data structure behind every MediationKit clock that runs timed
/// actions (the engine's real-time scheduler and the manual clock in MediationTesting).
///
/// A binary min-heap of entries, each holding its deadline, its payload and its ``ScheduledAction`` handle, which
/// knows where its entry sits: cancelling a timer takes its entry out at once, in O(log n), with no table from
/// identifiers to timers and no dead entries left in the heap. Timers due at the same deadline come out in the
/// order they were added. Once a burst of timers has passed, the heap gives back its room when less than a quarter
/// of it is used (past ``minimumShrinkableCapacity``), so memory follows the live count.
///
/// A value type with no lock: its owner keeps it behind one (``Locked``), reads and writes the handles' positions
/// only under it, and runs payloads after unlocking.
package struct TimerQueue<Payload: Sendable>: Sendable {
    /// One pending timer. The sequence number grows with every timer added, so it breaks ties in order.
    private struct Entry: Sendable {
        var deadline: Duration
        var sequence: Int
        var handle: ScheduledAction
        var payload: Payload

        func precedes(_ other: Entry) -> Bool {
            deadline < other.deadline || (deadline == other.deadline && sequence < other.sequence)
        }
    }

    private var heap: [Entry] = []
    private var nextSequence = 0

    /// An empty queue.
    package init() {}

    /// Below this many entries of room, the heap keeps what it has.
    static var minimumShrinkableCapacity: Int { 64 }

    /// The room the heap holds, in entries (for tests of the queue's memory).
    package var reservedCapacity: Int { heap.capacity }

    /// How many timers are pending.
    package var count: Int { heap.count }

    /// Whether no timer is pending.
    package var isEmpty: Bool { heap.isEmpty }

    /// Every pending payload, in no particular order.
    package var payloads: [Payload] { heap.map(\.payload) }

    /// Adds a timer due at `deadline`, cancelled through `handle`: a handle of this queue's owner that is in no
    /// queue (a handle already in one is left where it is, and the timer is not added).
    package mutating func add(_ payload: Payload, at deadline: Duration, handle: ScheduledAction) {
        guard handle.queuePosition < 0 else { return }
        nextSequence += 1
        heap.append(Entry(deadline: deadline, sequence: nextSequence, handle: handle, payload: payload))
        handle.queuePosition = heap.count - 1
        siftUp(from: heap.count - 1)
    }

    /// Removes `handle`'s timer and returns its payload; `nil` when it already ran or was removed (or was never in
    /// this queue).
    package mutating func remove(_ handle: ScheduledAction) -> Payload? {
        let position = handle.queuePosition
        guard position >= 0, position < heap.count, heap[position].handle === handle else { return nil }
        let entry = removeEntry(at: position)
        shrinkIfMostlyEmpty()
        return entry.payload
    }

    /// The earliest pending deadline.
    package func earliestDeadline() -> Duration? {
        heap.first?.deadline
    }

    /// Removes and returns the earliest timer if it is due at or before `limit`.
    package mutating func popDue(by limit: Duration) -> (deadline: Duration, payload: Payload)? {
        guard let first = heap.first, first.deadline <= limit else { return nil }
        let entry = removeEntry(at: 0)
        shrinkIfMostlyEmpty()
        return (entry.deadline, entry.payload)
    }

    /// Takes out the entry at `position`: the last entry takes its place and moves up or down to restore the order.
    private mutating func removeEntry(at position: Int) -> Entry {
        let last = heap.count - 1
        if position != last {
            heap.swapAt(position, last)
        }
        let entry = heap.removeLast()
        entry.handle.queuePosition = -1
        if position < heap.count {
            heap[position].handle.queuePosition = position
            if position > 0, heap[position].precedes(heap[(position - 1) / 2]) {
                siftUp(from: position)
            } else {
                siftDown(from: position)
            }
        }
        return entry
    }

    /// Copies the entries into room for twice their count when less than a quarter of the room is used: after a
    /// burst, the room of its timers is given back. Twice the count, so that a queue that shrank can lose half of
    /// what it holds, or double it, before it copies again.
    private mutating func shrinkIfMostlyEmpty() {
        guard heap.capacity > Self.minimumShrinkableCapacity, heap.count * 4 < heap.capacity else { return }
        var smaller: [Entry] = []
        smaller.reserveCapacity(2 * heap.count)
        smaller.append(contentsOf: heap)
        heap = smaller
    }

    /// Swaps the entries at `first` and `second`, and tells their handles where they now are.
    private mutating func swapEntries(_ first: Int, _ second: Int) {
        heap.swapAt(first, second)
        heap[first].handle.queuePosition = first
        heap[second].handle.queuePosition = second
    }

    private mutating func siftUp(from start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].precedes(heap[parent]) else { return }
            swapEntries(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(from start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var first = parent
            if left < heap.count, heap[left].precedes(heap[first]) { first = left }
            if right < heap.count, heap[right].precedes(heap[first]) { first = right }
            if first == parent { return }
            swapEntries(parent, first)
            parent = first
        }
    }
}
