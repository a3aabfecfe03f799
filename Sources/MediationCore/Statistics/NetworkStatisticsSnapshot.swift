/// A copy of a ``NetworkStatisticsStore``'s figures that a host can persist (it is `Codable`) and hand back to
/// ``NetworkStatisticsStore/restore(_:)`` on the next launch.
public struct NetworkStatisticsSnapshot: Sendable, Hashable, Codable {
    /// One network's figures.
    public struct Entry: Sendable, Hashable, Codable {
        /// The network.
        public var key: NetworkStatisticsKey
        /// What was learned about it.
        public var statistics: NetworkStatistics

        /// Creates an entry.
        public init(key: NetworkStatisticsKey, statistics: NetworkStatistics) {
            self.key = key
            self.statistics = statistics
        }
    }

    /// The format version (1).
    public var version: Int
    /// The networks, least recently used first.
    public var entries: [Entry]

    /// A snapshot of `entries`, least recently used first.
    public init(entries: [Entry]) {
        version = 1
        self.entries = entries
    }
}
