import Foundation

/// What MediationKit has learned about one network: how often it fills, errs or times out, and how long its
/// fills, no-fills and errors take. Every observation's weight decays geometrically as newer ones arrive
/// (see ``NetworkStatisticsStore/halfLife``), so the figures follow a network that changes.
public struct NetworkStatistics: Sendable, Hashable, Codable {
    /// Latencies of fills.
    public var fills: LatencySketch
    /// Latencies of no-fill answers.
    public var noFills: LatencySketch
    /// Latencies of errors.
    public var errors: LatencySketch
    /// The decayed count of timeouts (hangs and answers after the line's timeout).
    public var timeouts: Double

    /// No observations.
    public init() {
        fills = LatencySketch()
        noFills = LatencySketch()
        errors = LatencySketch()
        timeouts = 0
    }

    /// The decayed number of observations.
    public var observationWeight: Double {
        fills.totalWeight + noFills.totalWeight + errors.totalWeight + timeouts
    }

    /// The share of answers that were fills, or `nil` without observations.
    public var fillProbability: Double? { share(fills.totalWeight) }

    /// The share of requests that timed out (the hang rate), or `nil` without observations.
    public var timeoutRate: Double? { share(timeouts) }

    /// The share of requests that failed with an error, or `nil` without observations.
    public var errorRate: Double? { share(errors.totalWeight) }

    /// Records `outcome` after `latency`, first multiplying every earlier weight by `decay` (0…1).
    public mutating func record(_ outcome: NetworkOutcome, latency: Duration, decay: Double) {
        fills.decay(by: decay)
        noFills.decay(by: decay)
        errors.decay(by: decay)
        timeouts *= decay
        switch outcome {
        case .fill: fills.add(latency)
        case .noFill: noFills.add(latency)
        case .error: errors.add(latency)
        case .timeout: timeouts += 1
        }
    }

    /// Decodes and checks the figures.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        fills = try container.decode(LatencySketch.self, forKey: .fills)
        noFills = try container.decode(LatencySketch.self, forKey: .noFills)
        errors = try container.decode(LatencySketch.self, forKey: .errors)
        timeouts = try container.decode(Double.self, forKey: .timeouts)
        guard timeouts.isFinite, timeouts >= 0 else {
            throw DecodingError.dataCorruptedError(
                forKey: .timeouts, in: container, debugDescription: "expected a finite weight ≥ 0, got \(timeouts)")
        }
    }

    private func share(_ weight: Double) -> Double? {
        let total = observationWeight
        return total > 0 ? weight / total : nil
    }
}
