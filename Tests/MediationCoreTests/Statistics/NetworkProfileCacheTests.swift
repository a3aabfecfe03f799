import Foundation
import Testing

@testable import MediationBridge
@testable import MediationCore

/// The statistics store keeps one profile per network and refreshes it when the network has new observations.
@Suite struct NetworkProfileCacheTests {
    private let key = NetworkStatisticsKey(customEvent: "CE", network: "alpha")

    @Test func aProfileFollowsTheObservationsRecordedSinceItWasRead() throws {
        let store = NetworkStatisticsStore()
        #expect(store.profile(for: key) == nil, "an unknown network has no profile")
        for _ in 0..<10 { store.record(.fill, latency: .milliseconds(200), for: key) }
        let first = try #require(store.profile(for: key))
        #expect(first.fillProbability == 1)
        let again = try #require(store.profile(for: key))
        #expect(again.fillProbability == first.fillProbability)
        for _ in 0..<10 { store.record(.noFill, latency: .milliseconds(100), for: key) }
        let after = try #require(store.profile(for: key))
        let statistics = try #require(store.statistics(for: key))
        let fresh = NetworkProfile(statistics)
        #expect(after.fillProbability < 1)
        #expect(after.observationWeight == fresh.observationWeight)
        for seconds in [0.0, 0.05, 0.15, 0.3, 1, 20] {
            #expect(after.fillProbability(givenSilentFor: seconds) == fresh.fillProbability(givenSilentFor: seconds))
        }
        #expect(first.fillProbability == 1, "a profile a run still holds is not changed under it")
        #expect(first.fillProbability(givenSilentFor: 0.1) == 1)
    }

    @Test func aRefreshedProfileMatchesOneMadeFromScratch() {
        var statistics = NetworkStatistics()
        statistics.record(.fill, latency: .milliseconds(300), decay: 1)
        var profile = NetworkProfile(statistics)
        statistics.record(.error, latency: .milliseconds(50), decay: 0.9)
        statistics.record(.timeout, latency: .seconds(3), decay: 0.9)
        profile.refresh(from: statistics)
        let fresh = NetworkProfile(statistics)
        for seconds in [0.0, 0.01, 0.04, 0.06, 0.2, 0.35, 5] {
            #expect(profile.fillProbability(givenSilentFor: seconds) == fresh.fillProbability(givenSilentFor: seconds))
        }
        #expect(profile.fillProbability == fresh.fillProbability)
    }

    /// The chance of a fill given silence, with the bucket worked out once for the three sketches, is exactly what
    /// each sketch's own fraction gives (``LatencySketch/fraction(atOrBelow:cumulative:)``), at every kind of
    /// moment: zero and below, inside the first bucket, on and between bucket bounds, in the overflow bucket.
    @Test func fillGivenSilenceIsEachSketchsOwnFraction() {
        var statistics = NetworkStatistics()
        for (index, milliseconds) in [15, 40, 90, 90, 300, 650, 1_200, 4_000].enumerated() {
            statistics.record(.fill, latency: .milliseconds(milliseconds), decay: 0.97)
            statistics.record(.noFill, latency: .milliseconds(milliseconds / 3 + index), decay: 0.97)
            if index.isMultiple(of: 3) { statistics.record(.error, latency: .milliseconds(20 * index), decay: 0.97) }
        }
        statistics.record(.timeout, latency: .seconds(3), decay: 0.97)
        var noErrors = NetworkStatistics()
        noErrors.record(.fill, latency: .milliseconds(120), decay: 1)
        noErrors.record(.noFill, latency: .milliseconds(60), decay: 1)
        for statistics in [statistics, noErrors] {
            let profile = NetworkProfile(statistics)
            let scale = 1 / statistics.observationWeight
            for seconds in [-1, 0, 0.004, 0.01, 0.0125, 0.05, 0.0625, 0.2, 0.33, 1, 2.5, 9.9, 40, 1e9] {
                func silentShare(_ sketch: LatencySketch) -> Double {
                    sketch.totalWeight * scale
                        * (1 - LatencySketch.fraction(atOrBelow: seconds, cumulative: sketch.cumulativeFractions()))
                }
                let fill = silentShare(statistics.fills)
                let silent =
                    fill + silentShare(statistics.noFills) + silentShare(statistics.errors)
                    + statistics.timeouts * scale
                let expected = silent > 0 ? fill / silent : 0
                #expect(profile.fillProbability(givenSilentFor: seconds) == expected, "\(seconds) s")
            }
        }
    }
}
