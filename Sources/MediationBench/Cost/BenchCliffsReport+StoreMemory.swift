import MediationCore

extension BenchCliffsReport {
    /// The answers each network of ``heapBytesPerStoredNetwork()``'s store learns from.
    package static let storeMemoryAnswersPerNetwork = 20

    /// The heap a default statistics store (256 networks) holds per network when full: the store's heap growth
    /// while it learns 256 networks, each from ``storeMemoryAnswersPerNetwork`` answers (a third of them fills,
    /// latencies 50–300 ms) and with the profile a run reads made, over the networks it then holds. Each network's
    /// keys, latency sketches, profile and its share of the table count; `nil` where the heap cannot be read
    /// (``ProcessMemory/heapBytesInUse``).
    package static func heapBytesPerStoredNetwork() -> Double? {
        let store = NetworkStatisticsStore()
        let keys = (0..<store.capacity).map { index in
            NetworkStatisticsKey(customEvent: BenchCustomEvent.identifier, network: "bench-network-\(index)")
        }
        guard let before = ProcessMemory.heapBytesInUse else { return nil }
        for key in keys {
            for answer in 0..<storeMemoryAnswersPerNetwork {
                let outcome: NetworkOutcome = answer % 3 == 0 ? .fill : .noFill
                store.record(outcome, latency: .milliseconds(50 + 13 * answer), for: key)
            }
            _ = store.profile(for: key)
        }
        guard let after = ProcessMemory.heapBytesInUse, store.count > 0 else { return nil }
        return withExtendedLifetime(store) { Double(after - before) / Double(store.count) }
    }
}
