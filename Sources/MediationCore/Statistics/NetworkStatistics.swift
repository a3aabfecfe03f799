import Foundation
import MediationSupport

/// What MediationKit has learned about one network: how often it fills, errs or times out, and how long its
/// fills, no-fills and errors take. Every observation's weight decays geometrically as newer ones arrive
/// (see ``NetworkStatisticsStore/halfLife``), so the figures follow a network that changes; when the fill rate
/// collapses, a change detector (``FillCollapseDetector``) makes them forget the answers before the collapse at once.
package struct NetworkStatistics: Sendable, Hashable, Codable {
    /// Latencies of fills.
    package var fills: LatencySketch
    /// Latencies of no-fill answers.
    package var noFills: LatencySketch
    /// Latencies of errors.
    package var errors: LatencySketch
    /// The decayed count of timeouts (hangs and answers after the line's timeout).
    package var timeouts: Double
    /// The change detector on the fill outcomes.
    private(set) var fillCollapse: FillCollapseDetector

    /// No observations.
    package init() {
        fills = LatencySketch()
        noFills = LatencySketch()
        errors = LatencySketch()
        timeouts = 0
        fillCollapse = FillCollapseDetector()
    }

    /// Forgets every observation, keeping the sketches' storage.
    mutating func reset() {
        fills.reset()
        noFills.reset()
        errors.reset()
        timeouts = 0
        fillCollapse.reset()
    }

    /// The decayed number of observations.
    package var observationWeight: Double {
        fills.totalWeight + noFills.totalWeight + errors.totalWeight + timeouts
    }

    /// The share of answers that were fills, or `nil` without observations.
    package var fillProbability: Double? { share(fills.totalWeight) }

    /// The share of requests that timed out (the hang rate), or `nil` without observations.
    package var timeoutRate: Double? { share(timeouts) }

    /// Records `outcome` after `latency`, first multiplying every earlier weight by `decay` (0…1).
    ///
    /// A ``NetworkOutcome/stopped`` observation (silent for at least `latency`, then stopped) is spread over
    /// what the figures hold beyond `latency`, in proportion: the fills, no-fills and errors slower than
    /// `latency` and the timeouts each gain their share of one observation (Efron's redistribution to the
    /// right, which makes the figures converge on the Kaplan–Meier estimate). When nothing is known beyond
    /// `latency`, it records nothing.
    ///
    /// A real answer also goes to the change detector (``FillCollapseDetector``); when it reports that the fill
    /// rate has collapsed, the figures keep the answers since the estimated change and one observation's worth of
    /// the earlier ones (`forgetBeforeFillCollapse()`). A stop goes to it as a fill in the share it adds to the fills.
    package mutating func record(_ outcome: NetworkOutcome, latency: Duration, decay: Double) {
        if outcome == .stopped {
            recordCensored(silentFor: latency.seconds, decay: decay)
            return
        }
        let collapsed = fillCollapse.observe(
            filled: outcome == .fill ? 1 : 0, fillWeight: fills.totalWeight, weight: observationWeight, decay: decay)
        decayAll(by: decay)
        switch outcome {
        case .fill: fills.add(latency)
        case .noFill: noFills.add(latency)
        case .error: errors.add(latency)
        case .timeout: timeouts += 1
        case .stopped: break
        }
        if collapsed { forgetBeforeFillCollapse() }
    }

    /// Scales the figures down to the answers since the collapse's estimated start (the detector's recent fills
    /// and other answers) plus one observation's worth of the earlier ones, a prior at the old fill share that
    /// keeps a collapse seen in few answers off a share of exactly zero. The latency sketches keep their shapes:
    /// what changed is how often the network fills, not necessarily how fast it answers.
    private mutating func forgetBeforeFillCollapse() {
        let fillTotal = fills.totalWeight
        let otherTotal = noFills.totalWeight + errors.totalWeight + timeouts
        let earlierFills = max(fillTotal - fillCollapse.recentFills, 0)
        let earlierOthers = max(otherTotal - fillCollapse.recentOthers, 0)
        let earlier = earlierFills + earlierOthers
        let kept = earlier > 1 ? 1 / earlier : 1
        if fillTotal > 0 {
            fills.decay(by: min((fillCollapse.recentFills + earlierFills * kept) / fillTotal, 1))
        }
        if otherTotal > 0 {
            let factor = min((fillCollapse.recentOthers + earlierOthers * kept) / otherTotal, 1)
            noFills.decay(by: factor)
            errors.decay(by: factor)
            timeouts *= factor
        }
        fillCollapse.reset()
    }

    private mutating func decayAll(by decay: Double) {
        fills.decay(by: decay)
        noFills.decay(by: decay)
        errors.decay(by: decay)
        timeouts *= decay
    }

    /// Spreads one observation silent for `seconds` over the weight known beyond `seconds`.
    private mutating func recordCensored(silentFor seconds: Double, decay: Double) {
        let fillsBeyond = fills.weightAbove(seconds)
        let beyond = fillsBeyond + noFills.weightAbove(seconds) + errors.weightAbove(seconds) + timeouts
        guard beyond > 0, beyond.isFinite else { return }
        let collapsed = fillCollapse.observe(
            filled: fillsBeyond / beyond, fillWeight: fills.totalWeight, weight: observationWeight, decay: decay)
        decayAll(by: decay)
        guard decay > 0 else { return }
        // The decay scales every weight alike, so each part's share of what lies beyond is unchanged.
        let scale = 1 / (beyond * decay)
        fills.addShareAbove(seconds, scale: scale)
        noFills.addShareAbove(seconds, scale: scale)
        errors.addShareAbove(seconds, scale: scale)
        timeouts += timeouts * scale
        if collapsed { forgetBeforeFillCollapse() }
    }

    /// Decodes and checks the figures.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        fills = try container.decode(LatencySketch.self, forKey: .fills)
        noFills = try container.decode(LatencySketch.self, forKey: .noFills)
        errors = try container.decode(LatencySketch.self, forKey: .errors)
        timeouts = try container.decode(Double.self, forKey: .timeouts)
        // Snapshots written before the detector existed have none: it starts at rest.
        fillCollapse = try container.decodeIfPresent(FillCollapseDetector.self, forKey: .fillCollapse) ?? .init()
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
