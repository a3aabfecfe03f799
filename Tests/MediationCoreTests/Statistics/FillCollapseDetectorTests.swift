import Foundation
import Testing

@testable import MediationBridge
@testable import MediationCore

/// The change detector on fill outcomes (``FillCollapseDetector``): a collapse is seen within a few dozen answers,
/// a stationary network does not raise alarms more often than its stated rate.
@Suite struct FillCollapseDetectorTests {
    /// The store's default decay: a half-life of 100 observations.
    private let decay = pow(0.5, 1.0 / 100)

    /// Records one answer of a network that fills with `fillRate`, errs 2 % and times out 3 % of the time, and
    /// returns whether the detector forgot the earlier answers (the weight fell below what the decay leaves).
    private func recordAnswer(
        fillRate: Double, on statistics: inout NetworkStatistics, using generator: inout SeededGenerator
    ) -> Bool {
        let draw = Double.random(in: 0..<1, using: &generator)
        let outcome: NetworkOutcome =
            draw < 0.03 ? .timeout : draw < 0.05 ? .error : draw < 0.05 + 0.95 * fillRate ? .fill : .noFill
        let latency: Duration = outcome == .timeout ? .seconds(3) : .milliseconds(outcome == .fill ? 450 : 300)
        let before = statistics.observationWeight
        statistics.record(outcome, latency: latency, decay: decay)
        return statistics.observationWeight < before * decay + 1 - 1e-9
    }

    /// After 2,000 answers at 0.6 fill, the network fills 5 %: the score climbs by about 0.5 an answer, so the
    /// alarm comes after about ln 10,000 / 0.5 ≈ 19 answers; 40 leaves room for the spread (the decay alone needs
    /// 114 answers to bring the share under 0.3). Every one of 50 seeds sees the share under 0.3 within 40.
    @Test func aCollapseFrom60To5PercentIsSeenWithin40Answers() {
        for seed in 1...50 {
            var generator = SeededGenerator(seed: UInt64(seed))
            var statistics = NetworkStatistics()
            for _ in 0..<2_000 { _ = recordAnswer(fillRate: 0.6, on: &statistics, using: &generator) }
            #expect((statistics.fillProbability ?? 0) > 0.45)
            var answers = 0
            while (statistics.fillProbability ?? 1) >= 0.3, answers < 1_000 {
                _ = recordAnswer(fillRate: 0.05, on: &statistics, using: &generator)
                answers += 1
            }
            #expect(answers <= 40, "seed \(seed): \(answers) answers")
            // The figures kept are the answers since the change, not a share of exactly zero.
            #expect((statistics.fillProbability ?? 0) > 0)
        }
    }

    /// A stationary network at 0.3 fill over 200,000 answers: at most one alarm per 10,000 answers
    /// (``FillCollapseDetector/threshold``), so at most 20.
    @Test func aStationaryNetworkRaisesAtMostOneAlarmPer10000Answers() {
        var generator = SeededGenerator(seed: 2026)
        var statistics = NetworkStatistics()
        let answers = 200_000
        var alarms = 0
        for _ in 0..<answers where recordAnswer(fillRate: 0.3, on: &statistics, using: &generator) { alarms += 1 }
        #expect(alarms <= Int(Double(answers) / exp(FillCollapseDetector.threshold)))
        #expect(abs((statistics.fillProbability ?? 0) - 0.05 - 0.95 * 0.3) < 0.1)
    }

    /// A snapshot written before the detector existed decodes with the detector at rest.
    @Test func statisticsWithoutADetectorDecode() throws {
        var statistics = NetworkStatistics()
        statistics.record(.fill, latency: .milliseconds(100), decay: decay)
        let data = try JSONEncoder().encode(statistics)
        var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        object["fillCollapse"] = nil
        let decoded = try JSONDecoder().decode(
            NetworkStatistics.self, from: try JSONSerialization.data(withJSONObject: object))
        #expect(decoded.fillCollapse == FillCollapseDetector())
        #expect(decoded.fills == statistics.fills)
    }
}
