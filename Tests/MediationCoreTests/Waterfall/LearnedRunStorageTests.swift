import Foundation
import Testing

@testable import MediationBridge
@testable import MediationCore

/// What the learned strategies keep per run: a profile per line up to the last network the statistics know, read
/// as before (issue 49: a load in flight under the default strategy within the hedged strategies' heap + 10 %;
/// `BenchHeapStages` measures the bytes, no test pins a layout).
@Suite struct LearnedRunStorageTests {
    private static func profile(fills: Int) -> NetworkProfile {
        var statistics = NetworkStatistics()
        for _ in 0..<fills { statistics.record(.fill, latency: .milliseconds(100), decay: 1) }
        statistics.record(.noFill, latency: .milliseconds(50), decay: 1)
        return NetworkProfile(statistics)
    }

    @Test func aRunOfUnknownNetworksKeepsNoProfiles() {
        let learned = WaterfallLearnedLaunches(profiles: [nil, nil, nil])
        #expect(learned.lineProfiles.isEmpty)
        #expect(learned.hasProfiles)
        #expect((0..<3).allSatisfy { learned.profile($0) == nil })
    }

    @Test func profilesAreKeptUpToTheLastKnownNetworkAndReadTheSame() throws {
        let known = Self.profile(fills: 4)
        var learned = WaterfallLearnedLaunches(profiles: nil)
        #expect(!learned.hasProfiles)
        learned.supplyFirstPageProfiles([nil, known, nil, nil])
        #expect(learned.lineProfiles.count == 2)
        #expect(learned.profile(0) == nil)
        let kept = try #require(learned.profile(1))
        #expect(kept.fillProbability(givenSilentFor: 0.2) == known.fillProbability(givenSilentFor: 0.2))
        #expect(learned.profile(2) == nil && learned.profile(3) == nil)
        // A second page of unknown networks adds nothing; one with a known network past them pads to it.
        learned.pageLoaded(firstLine: 4, profiles: [nil, nil])
        #expect(learned.lineProfiles.count == 2)
        learned.pageLoaded(firstLine: 6, profiles: [nil, known])
        #expect(learned.lineProfiles.count == 8)
        #expect(learned.profile(7) != nil && learned.profile(6) == nil && learned.profile(1) != nil)
    }

    @Test func sequentialsExpectedRequestsCountAnUnkeptLineAsUnknown() {
        let known = Self.profile(fills: 2)
        var trimmed = WaterfallLearnedLaunches(profiles: [known, nil, nil])
        #expect(trimmed.lineProfiles.count == 1)
        // Line 0 fills 2/3 of the time; lines 1 and 2, unknown, a third of the time.
        let reached = 1 - known.fillProbability
        let expected = 1 + reached + reached * (1 - 1.0 / 3)
        #expect(trimmed.expectedSequential(pageStart: 0, lineCount: 3) == expected)
    }
}
