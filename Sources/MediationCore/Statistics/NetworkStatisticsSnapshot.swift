/// What a ``NetworkStatisticsStore`` has learned, as an opaque value that a host can persist (it is `Codable`) and
/// hand back to ``NetworkStatisticsStore/restore(_:)`` on the next launch.
///
/// The figures inside (per-network latency sketches and decayed counts) are the engine's own and may change
/// between releases; the encoded form carries a format version that ``NetworkStatisticsStore/restore(_:)`` checks.
public struct NetworkStatisticsSnapshot: Sendable, Hashable, Codable {
    /// One network's figures.
    package struct Entry: Sendable, Hashable, Codable {
        /// The network.
        package var key: NetworkStatisticsKey
        /// What was learned about it.
        package var statistics: NetworkStatistics

        /// Creates an entry.
        package init(key: NetworkStatisticsKey, statistics: NetworkStatistics) {
            self.key = key
            self.statistics = statistics
        }
    }

    /// The format version (1).
    package var version: Int
    /// The networks, least recently used first.
    package var entries: [Entry]

    /// A snapshot of `entries`, least recently used first.
    package init(entries: [Entry]) {
        version = 1
        self.entries = entries
    }
}
