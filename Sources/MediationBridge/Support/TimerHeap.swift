/// A binary min-heap of timer keys ordered by deadline, then by scheduling order: the order behind
/// ``TimerQueue``, so that taking the next timer costs O(log n) instead of a scan of every pending one.
struct TimerHeap: Sendable {
    /// One scheduled deadline; `id` grows with every schedule, so it breaks ties in scheduling order.
    struct Key: Sendable, Equatable {
        var deadline: Duration
        var id: Int

        func precedes(_ other: Key) -> Bool {
            deadline < other.deadline || (deadline == other.deadline && id < other.id)
        }
    }

    private var storage: [Key] = []

    /// How many keys the heap holds (cancelled ones included until they are dropped).
    var count: Int { storage.count }

    /// The earliest key.
    var peek: Key? { storage.first }

    /// Adds `key`.
    mutating func push(_ key: Key) {
        storage.append(key)
        siftUp(from: storage.count - 1)
    }

    /// Removes and returns the earliest key.
    @discardableResult
    mutating func pop() -> Key? {
        guard !storage.isEmpty else { return nil }
        storage.swapAt(0, storage.count - 1)
        let key = storage.removeLast()
        if !storage.isEmpty { siftDown(from: 0) }
        return key
    }

    /// The room the heap holds, in keys.
    var capacity: Int { storage.capacity }

    /// Copies the keys into room for twice their count when less than a quarter of the room is used (and the room
    /// is above `minimum` keys).
    mutating func shrinkIfMostlyEmpty(above minimum: Int) {
        guard storage.capacity > minimum, storage.count * 4 < storage.capacity else { return }
        var smaller: [Key] = []
        smaller.reserveCapacity(2 * storage.count)
        smaller.append(contentsOf: storage)
        storage = smaller
    }

    /// Drops every key whose id `isLive` rejects and restores heap order in O(n).
    mutating func rebuild(keeping isLive: (Int) -> Bool) {
        storage.removeAll { !isLive($0.id) }
        var index = storage.count / 2
        while index > 0 {
            index -= 1
            siftDown(from: index)
        }
    }

    private mutating func siftUp(from start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard storage[child].precedes(storage[parent]) else { return }
            storage.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(from start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var first = parent
            if left < storage.count, storage[left].precedes(storage[first]) { first = left }
            if right < storage.count, storage[right].precedes(storage[first]) { first = right }
            if first == parent { return }
            storage.swapAt(parent, first)
            parent = first
        }
    }
}
