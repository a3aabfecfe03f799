/// Which network a set of ``NetworkStatistics`` describes: the custom event, the network name of the line and,
/// when the store keeps ad units apart, the ad unit.
package struct NetworkStatisticsKey: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The line's custom event identifier.
    package var customEvent: String
    /// The line's network name (the custom event identifier when the line names none).
    package var network: String
    /// The ad unit, or `nil` when statistics are shared across ad units.
    package var adUnit: String?

    /// Creates a key.
    package init(customEvent: String, network: String, adUnit: String? = nil) {
        self.customEvent = customEvent
        self.network = network
        self.adUnit = adUnit
    }

    /// The key of `line`, in ad unit `adUnit` (`nil` to share across ad units).
    package init(line: WaterfallLine, adUnit: String? = nil) {
        self.init(customEvent: line.customEventIdentifier, network: line.displayNetworkName, adUnit: adUnit)
    }

    /// Hashes the network name and the ad unit only: the store looks a key up for every line a run starts and
    /// records, and the custom event identifier, the longest part and the same for every line of a network, told
    /// keys apart least. Equal keys still hash alike; keys that differ only in it are told apart by `==`.
    package func hash(into hasher: inout Hasher) {
        hasher.combine(network)
        hasher.combine(adUnit)
    }

    /// `custom event/network` or `custom event/network@ad unit`.
    package var description: String {
        "\(customEvent)/\(network)" + (adUnit.map { "@\($0)" } ?? "")
    }
}
