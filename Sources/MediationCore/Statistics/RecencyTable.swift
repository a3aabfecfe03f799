/// A table of at most `capacity` values by key that forgets the least recently used one when a new key arrives at
/// capacity, every operation in constant time.
///
/// The values live in an array of slots linked from the least to the most recently used; a dictionary maps each
/// key to its slot. A key that arrives at capacity takes the least recently used slot over, value storage
/// included: `reuse` turns the old value into the new key's initial one in place, so that a value holding
/// buffers (the statistics' sketches) does not allocate them again.
struct RecencyTable<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct Slot: Sendable {
        var key: Key
        var value: Value
        /// The slot used just before this one, or -1 for the least recently used.
        var older: Int
        /// The slot used just after this one, or -1 for the most recently used.
        var newer: Int
    }

    /// The most values held.
    let capacity: Int
    private var slots: [Slot] = []
    private var slotByKey: [Key: Int] = [:]
    private var oldest = -1
    private var newest = -1

    /// An empty table of at most `capacity` values (at least one).
    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// How many values the table holds.
    var count: Int { slots.count }

    /// The value of `key` without marking it used, or `nil`.
    func peek(_ key: Key) -> Value? {
        slotByKey[key].map { slots[$0].value }
    }

    /// Marks `key` used and changes its value with `body`, when the table holds it; returns `body`'s result.
    mutating func use<Result>(_ key: Key, _ body: (inout Value) -> Result) -> Result? {
        guard let slot = slotByKey[key] else { return nil }
        markNewest(slot)
        return body(&slots[slot].value)
    }

    /// Marks `key` used and changes its value with `body`, first adding it when missing: with `make()`, or, at
    /// capacity, by taking the least recently used key's slot over and turning its value into the new one with
    /// `reuse`; `update` then changes it.
    mutating func upsert<Result>(
        _ key: Key, make: () -> Value, reuse: (inout Value) -> Void, update body: (inout Value) -> Result
    ) -> Result {
        if let slot = slotByKey[key] {
            markNewest(slot)
            return body(&slots[slot].value)
        }
        let slot: Int
        if slots.count < capacity {
            slot = slots.count
            slots.append(Slot(key: key, value: make(), older: -1, newer: -1))
            link(asNewest: slot)
        } else {
            slot = oldest
            // The new key goes into the slot in place and the old one comes out, without a copy of the slot.
            var forgotten = key
            swap(&forgotten, &slots[slot].key)
            slotByKey[forgotten] = nil
            reuse(&slots[slot].value)
            markNewest(slot)
        }
        slotByKey[key] = slot
        return body(&slots[slot].value)
    }

    /// Every key and value, least recently used first.
    var keysAndValuesByRecency: [(key: Key, value: Value)] {
        var result: [(key: Key, value: Value)] = []
        result.reserveCapacity(slots.count)
        var slot = oldest
        while slot >= 0 {
            result.append((slots[slot].key, slots[slot].value))
            slot = slots[slot].newer
        }
        return result
    }

    /// Forgets every value.
    mutating func removeAll() {
        slots = []
        slotByKey = [:]
        oldest = -1
        newest = -1
    }

    private mutating func markNewest(_ slot: Int) {
        guard slot != newest else { return }
        unlink(slot)
        link(asNewest: slot)
    }

    private mutating func unlink(_ slot: Int) {
        let older = slots[slot].older
        let newer = slots[slot].newer
        if older >= 0 { slots[older].newer = newer } else { oldest = newer }
        if newer >= 0 { slots[newer].older = older } else { newest = older }
    }

    private mutating func link(asNewest slot: Int) {
        slots[slot].older = newest
        slots[slot].newer = -1
        if newest >= 0 { slots[newest].newer = slot } else { oldest = slot }
        newest = slot
    }
}
