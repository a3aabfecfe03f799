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
}
