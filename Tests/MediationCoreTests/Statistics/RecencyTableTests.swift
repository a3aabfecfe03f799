import Testing

@testable import MediationCore

/// The statistics store's table: the least recently used key goes when a new one arrives at capacity, and the new
/// key takes its slot over, value storage included.
@Suite struct RecencyTableTests {
    private func add(_ key: String, to table: inout RecencyTable<String, [Int]>) {
        table.upsert(key, make: { [0] }, reuse: { $0[0] = -1 }, update: { $0.append(1) })
    }

    @Test func theLeastRecentlyUsedKeyGoesAndUsesReorder() {
        var table = RecencyTable<String, [Int]>(capacity: 3)
        for key in ["a", "b", "c"] { add(key, to: &table) }
        #expect(table.keysAndValuesByRecency.map(\.key) == ["a", "b", "c"])
        // Using a and then b leaves c the least recently used.
        _ = table.use("a") { $0.append(2) }
        _ = table.use("b") { _ in () }
        #expect(table.keysAndValuesByRecency.map(\.key) == ["c", "a", "b"])
        add("d", to: &table)
        #expect(table.count == 3)
        #expect(table.peek("c") == nil)
        #expect(table.keysAndValuesByRecency.map(\.key) == ["a", "b", "d"])
        #expect(table.peek("a") == [0, 1, 2])
        // peek does not count as a use: a is still the oldest and goes next.
        add("e", to: &table)
        #expect(table.keysAndValuesByRecency.map(\.key) == ["b", "d", "e"])
    }

    @Test func aNewKeyAtCapacityTakesTheOldValueOverThroughReuse() {
        var table = RecencyTable<String, [Int]>(capacity: 2)
        add("a", to: &table)
        add("b", to: &table)
        add("c", to: &table)
        // c's value is a's ([0, 1]) turned over by `reuse` (first element -1) and then changed by the body
        // (appended 1): not made afresh, which would give [0, 1].
        #expect(table.peek("c") == [-1, 1, 1])
        #expect(table.peek("a") == nil)
        #expect(table.use("a") { _ in () } == nil)
    }

    @Test func manyKeysThroughASmallTableKeepItsOrderAndSize() {
        var table = RecencyTable<String, [Int]>(capacity: 4)
        for round in 0..<1_000 { add("k\(round)", to: &table) }
        #expect(table.count == 4)
        #expect(table.keysAndValuesByRecency.map(\.key) == ["k996", "k997", "k998", "k999"])
        table.removeAll()
        #expect(table.count == 0)
        #expect(table.keysAndValuesByRecency.isEmpty)
        add("x", to: &table)
        #expect(table.keysAndValuesByRecency.map(\.key) == ["x"])
    }

    @Test func theStoreReusesAnEvictedNetworksEntryStartingEmpty() throws {
        let store = try NetworkStatisticsStore(capacity: 2)
        let keys = (0..<3).map { NetworkStatisticsKey(customEvent: "CE", network: "n\($0)") }
        for _ in 0..<10 { store.record(.fill, latency: .milliseconds(100), for: keys[0]) }
        store.record(.noFill, latency: .milliseconds(100), for: keys[1])
        store.record(.error, latency: .milliseconds(100), for: keys[2])
        // n2 took n0's entry over: it knows its one error only, none of n0's ten fills.
        let statistics = try #require(store.statistics(for: keys[2]))
        #expect(statistics.fills.totalWeight == 0)
        #expect(statistics.errors.totalWeight == 1)
        #expect(store.snapshot().entries.map(\.key.network) == ["n1", "n2"])
    }
}
