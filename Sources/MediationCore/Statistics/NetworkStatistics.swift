import Foundation
import MediationSupport

/// What MediationKit has learned about one network: how often it fills, errs or times out, and how long its
/// fills, no-fills and errors take. Every observation's weight decays geometrically as newer ones arrive
/// (see ``NetworkStatisticsStore/halfLife``), so the figures follow a network that changes.
package struct NetworkStatistics: Sendable, Hashable, Codable {
    /// Latencies of fills.
    package var fills: LatencySketch
    /// Latencies of no-fill answers.
    package var noFills: LatencySketch
    /// Latencies of errors.
    package var errors: LatencySketch
    /// The decayed count of timeouts (hangs and answers after the line's timeout).
    package var timeouts: Double

    /// No observations.
    package init() {
        fills = LatencySketch()
        noFills = LatencySketch()
        errors = LatencySketch()
        timeouts = 0
    }

    /// Forgets every observation, keeping the sketches' storage.
    mutating func reset() {
        fills.reset()
        noFills.reset()
        errors.reset()
        timeouts = 0
    }

    /// The decayed number of observations.
    package var observationWeight: Double {
        fills.totalWeight + noFills.totalWeight + errors.totalWeight + timeouts
    }

    /// The share of answers that were fills, or `nil` without observations.
    package var fillProbability: Double? { share(fills.totalWeight) }

    /// The share of requests that timed out (the hang rate), or `nil` without observations.
    package var timeoutRate: Double? { share(timeouts) }

    /// The share of requests that failed with an error, or `nil` without observations.
    package var errorRate: Double? { share(errors.totalWeight) }

    /// Records `outcome` after `latency`, first multiplying every earlier weight by `decay` (0…1).
    ///
    /// A ``NetworkOutcome/stopped`` observation (silent for at least `latency`, then stopped) is spread over
    /// what the figures hold beyond `latency`, in proportion: the fills, no-fills and errors slower than
    /// `latency` and the timeouts each gain their share of one observation (Efron's redistribution to the
    /// right, which makes the figures converge on the Kaplan–Meier estimate). When nothing is known beyond
    /// `latency`, it records nothing.
    package mutating func record(_ outcome: NetworkOutcome, latency: Duration, decay: Double) {
        if outcome == .stopped {
            recordCensored(silentFor: latency.seconds, decay: decay)
            return
        }
        decayAll(by: decay)
        switch outcome {
        case .fill: fills.add(latency)
        case .noFill: noFills.add(latency)
        case .error: errors.add(latency)
        case .timeout: timeouts += 1
        case .stopped: break
        }
    }

    private mutating func decayAll(by decay: Double) {
        fills.decay(by: decay)
        noFills.decay(by: decay)
        errors.decay(by: decay)
        timeouts *= decay
    }

    /// Spreads one observation silent for `seconds` over the weight known beyond `seconds`.
    private mutating func recordCensored(silentFor seconds: Double, decay: Double) {
        let beyond = fills.weightAbove(seconds) + noFills.weightAbove(seconds) + errors.weightAbove(seconds) + timeouts
        guard beyond > 0, beyond.isFinite else { return }
        decayAll(by: decay)
        guard decay > 0 else { return }
        // The decay scales every weight alike, so each part's share of what lies beyond is unchanged.
        let scale = 1 / (beyond * decay)
        fills.addShareAbove(seconds, scale: scale)
        noFills.addShareAbove(seconds, scale: scale)
        errors.addShareAbove(seconds, scale: scale)
        timeouts += timeouts * scale
    }

    /// Decodes and checks the figures.
    package init(from decoder: any Decoder) throws {
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
