import Foundation
import MediationCore
import MediationSupport

/// A log-normal latency distribution: `medianMs × exp(spread × Z)` with `Z` standard normal.
public struct BenchLatency: Codable, Sendable, Hashable {
    /// The median, in milliseconds (positive).
    public var medianMs: Double
    /// The standard deviation of the latency's logarithm (0 for a fixed latency).
    public var spread: Double

    /// Creates a distribution.
    public init(medianMs: Double, spread: Double) {
        self.medianMs = medianMs
        self.spread = spread
    }

    /// The latency for the standard normal draw `normal`, in whole microseconds, at least 1 µs.
    public func latency(normal: Double) -> Duration {
        let milliseconds = medianMs * exp(spread * normal)
        let microseconds = min(max((milliseconds * 1_000).rounded(), 1), 3_600_000_000)
        return .microseconds(Int64(saturating: microseconds))
    }
}
