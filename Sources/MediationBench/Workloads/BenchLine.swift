import MediationCore
import MediationSupport

/// One line of a ``BenchWorkload``'s waterfall.
public struct BenchLine: Codable, Sendable, Hashable {
    /// The name of the ``BenchNetwork`` the line calls.
    public var network: String
    /// The line's timeout, in milliseconds (positive).
    public var timeoutMs: Double
    /// What a fill earns on this line; the network's price when absent.
    public var price: Double?
    /// Whether the line is a bid (markup with a price): a workload with bids runs as one auction, in the unified
    /// first-price order, after its networks' bid signals are collected.
    public var isBid: Bool?

    /// Creates a line.
    public init(network: String, timeoutMs: Double, price: Double? = nil) {
        self.network = network
        self.timeoutMs = timeoutMs
        self.price = price
    }

    /// The timeout as a duration, in whole microseconds.
    public var timeout: Duration {
        .microseconds(Int64(saturating: timeoutMs * 1_000, rounding: .toNearestOrAwayFromZero))
    }
}
