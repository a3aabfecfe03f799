import Foundation
import Testing

@testable import MediationBridge
@testable import MediationCore

/// A profile refreshed in place sums each sketch once; the figures must be the ones the plain formulas give, bit for
/// bit, since the learned strategy's decisions follow them. The statistics store's keys hash part of themselves and
/// must still keep every network apart.
@Suite struct NetworkProfileRefreshTests {
    /// The fill chance after `seconds` of silence by the plain formula: each sketch's total by `reduce`, its running
    /// fractions by ``LatencySketch/cumulativeFractions()``, the shares over ``NetworkStatistics/observationWeight``.
    private static func referenceFillProbability(_ statistics: NetworkStatistics, givenSilentFor seconds: Double)
        -> Double
    {
        let total = statistics.observationWeight
        let scale = total > 0 ? 1 / total : 0
        func silentShare(_ sketch: LatencySketch) -> Double {
            sketch.weights.reduce(0, +) * scale
                * (1 - LatencySketch.fraction(atOrBelow: seconds, cumulative: sketch.cumulativeFractions()))
        }
        let fill = silentShare(statistics.fills)
        let silent =
            fill + silentShare(statistics.noFills) + silentShare(statistics.errors) + statistics.timeouts * scale
        return silent > 0 ? fill / silent : 0
    }

    @Test func aProfileRefreshedInPlaceAfterEveryObservationMatchesThePlainFormulasBitForBit() {
        var generator = SeededGenerator(seed: 27)
        var statistics = NetworkStatistics()
        statistics.record(.noFill, latency: .milliseconds(40), decay: 1)
        var profile = NetworkProfile(statistics)
        let moments = [0, 0.004, 0.01, 0.011, 0.05, 0.2, 0.75, 3, 9.9, 12, 40]
        var compared = 0
        for step in 0..<600 {
            let outcome = NetworkOutcome.allCases.randomElement(using: &generator) ?? .fill
            let latency = Duration.microseconds(Int64.random(in: 0...15_000_000, using: &generator))
            statistics.record(outcome, latency: latency, decay: [1, 0.993, 0.9, 0.5].randomElement(using: &generator)!)
            profile.refresh(from: statistics)
            #expect(profile.observationWeight == statistics.observationWeight, "step \(step)")
            let total = statistics.observationWeight
            #expect(profile.fillProbability == statistics.fills.weights.reduce(0, +) * (1 / total), "step \(step)")
            for seconds in moments {
                let expected = Self.referenceFillProbability(statistics, givenSilentFor: seconds)
                #expect(profile.fillProbability(givenSilentFor: seconds) == expected, "step \(step), \(seconds) s")
                compared += 1
            }
        }
        #expect(compared == 600 * moments.count)
    }

    @Test func aSketchsTotalAndDecayAreThePlainSumAndProductBitForBit() throws {
        var generator = SeededGenerator(seed: 2_026)
        for _ in 0..<200 {
            let weights = (0..<LatencySketch.bucketCount).map { _ in
                Double.random(in: 0...1_000, using: &generator) * (Bool.random(using: &generator) ? 1 : 1e-9)
            }
            var sketch = try LatencySketch(weights: weights)
            #expect(sketch.totalWeight == weights.reduce(0, +))
            let factor = Double.random(in: 0...1, using: &generator)
            sketch.decay(by: factor)
            #expect(sketch.weights == weights.map { $0 * factor })
        }
    }

    @Test func keysThatDifferOnlyInTheirCustomEventAreKeptApart() throws {
        let store = NetworkStatisticsStore()
        let first = NetworkStatisticsKey(customEvent: "FirstCustomEvent", network: "shared")
        let second = NetworkStatisticsKey(customEvent: "SecondCustomEvent", network: "shared")
        #expect(first != second)
        #expect(first.hashValue == NetworkStatisticsKey(customEvent: "FirstCustomEvent", network: "shared").hashValue)
        for _ in 0..<5 { store.record(.fill, latency: .milliseconds(100), for: first) }
        for _ in 0..<3 { store.record(.noFill, latency: .milliseconds(100), for: second) }
        #expect(store.count == 2)
        #expect(try #require(store.statistics(for: first)).fillProbability == 1)
        #expect(try #require(store.statistics(for: second)).fillProbability == 0)
        let byAdUnit = try NetworkStatisticsStore(capacity: 10, keysByAdUnit: true)
        byAdUnit.record(
            .fill, latency: .milliseconds(100), for: NetworkStatisticsKey(customEvent: "CE", network: "n", adUnit: "a"))
        byAdUnit.record(
            .noFill, latency: .milliseconds(100),
            for: NetworkStatisticsKey(customEvent: "CE", network: "n", adUnit: "b"))
        #expect(byAdUnit.count == 2)
    }
}
