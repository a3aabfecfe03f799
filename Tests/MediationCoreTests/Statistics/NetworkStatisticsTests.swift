import Foundation
import Testing

@testable import MediationBridge
@testable import MediationCore

/// The per-network statistics: convergence, following change, bounded memory, snapshots.
@Suite struct NetworkStatisticsTests {
    private let key = NetworkStatisticsKey(customEvent: "CE", network: "alpha")

    /// A stationary network: 40 % fills at 300 ms, 50 % no fills at 150 ms, 10 % timeouts, in a fixed
    /// interleaving so that the expected figures are exact.
    private func recordStationary(_ store: NetworkStatisticsStore, cycles: Int) {
        let cycle: [(NetworkOutcome, Duration)] =
            Array(repeating: (.fill, .milliseconds(300)), count: 4)
            + Array(repeating: (.noFill, .milliseconds(150)), count: 5) + [(.timeout, .seconds(3))]
        for _ in 0..<cycles {
            for (outcome, latency) in cycle { store.record(outcome, latency: latency, for: key) }
        }
    }

    @Test func convergesOnAStationaryNetwork() throws {
        let store = NetworkStatisticsStore()
        recordStationary(store, cycles: 100)
        let statistics = try #require(store.statistics(for: key))
        #expect(try #require(statistics.fillProbability) > 0.37)
        #expect(try #require(statistics.fillProbability) < 0.43)
        #expect(try #require(statistics.timeoutRate) > 0.08)
        #expect(try #require(statistics.timeoutRate) < 0.12)
        // The median fill latency lies in the bucket holding 300 ms (one bucket is 25 % wide).
        let median = try #require(statistics.fills.quantile(0.5))
        #expect(median > .milliseconds(240))
        #expect(median < .milliseconds(375))
        let noFillMedian = try #require(statistics.noFills.quantile(0.5))
        #expect(noFillMedian > .milliseconds(120))
        #expect(noFillMedian < .milliseconds(188))
        // The decayed weight settles near the half-life's effective window (1 / (1 − decay) ≈ 144.8).
        #expect(statistics.observationWeight > 140)
        #expect(statistics.observationWeight < 146)
    }

    @Test func followsAChange() throws {
        let store = try NetworkStatisticsStore(capacity: 8, halfLife: 50)
        for _ in 0..<500 { store.record(.fill, latency: .milliseconds(200), for: key) }
        #expect(try #require(store.statistics(for: key)?.fillProbability) > 0.99)
        // The network stops filling and slows down.
        for _ in 0..<300 { store.record(.noFill, latency: .milliseconds(900), for: key) }
        let statistics = try #require(store.statistics(for: key))
        #expect(try #require(statistics.fillProbability) < 0.05)
        let median = try #require(statistics.noFills.quantile(0.5))
        #expect(median > .milliseconds(720))
        #expect(median < .milliseconds(1125))
    }

    @Test func memoryIsBoundedAndTheLeastRecentlyUsedNetworkGoes() throws {
        let store = try NetworkStatisticsStore(capacity: 3)
        let keys = (0..<5).map { NetworkStatisticsKey(customEvent: "CE", network: "n\($0)") }
        for key in keys.prefix(3) { store.record(.fill, latency: .milliseconds(10), for: key) }
        // Using n0 again makes n1 the least recently used.
        store.record(.noFill, latency: .milliseconds(10), for: keys[0])
        store.record(.fill, latency: .milliseconds(10), for: keys[3])
        #expect(store.count == 3)
        #expect(store.statistics(for: keys[1]) == nil)
        #expect(store.statistics(for: keys[0]) != nil)
        for _ in 0..<1000 {
            for key in keys {
                store.record(.error, latency: .milliseconds(50), for: key)
                store.record(.stopped, latency: .milliseconds(20), for: key)
            }
        }
        #expect(store.count == 3)
        // Sketches are fixed in size whatever the number of observations.
        #expect(store.snapshot().entries.allSatisfy { $0.statistics.fills.weights.count == LatencySketch.bucketCount })
    }

    @Test func aSnapshotRoundTripsThroughJSON() throws {
        let store = NetworkStatisticsStore()
        recordStationary(store, cycles: 10)
        // Censored observations spread fractional weights over buckets and timeouts; they round-trip too.
        for _ in 0..<7 { store.record(.stopped, latency: .milliseconds(170), for: key) }
        let other = NetworkStatisticsKey(customEvent: "CE", network: "beta", adUnit: "unit")
        store.record(.error, latency: .milliseconds(75), for: other)
        let snapshot = store.snapshot()
        let data = try JSONEncoder().encode(snapshot)
        let decoded = try JSONDecoder().decode(NetworkStatisticsSnapshot.self, from: data)
        #expect(decoded == snapshot)
        let restored = NetworkStatisticsStore()
        try restored.restore(decoded)
        #expect(restored.statistics(for: key) == store.statistics(for: key))
        #expect(restored.statistics(for: other) == store.statistics(for: other))
        #expect(restored.snapshot() == snapshot)
    }

    @Test func aCorruptSnapshotIsRefusedWithItsReason() throws {
        let bad =
            #"{"version":1,"entries":[{"key":{"customEvent":"CE","network":"a"},"#
            + #""statistics":{"fills":{"weights":[1,2]},"noFills":{"weights":[]},"errors":{"weights":[]},"#
            + #""timeouts":0}}]}"#
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(NetworkStatisticsSnapshot.self, from: Data(bad.utf8))
        }
        var future = NetworkStatisticsSnapshot(entries: [])
        future.version = 2
        #expect(throws: MediationError.invalidConfiguration(path: "snapshot.version", reason: "expected 1, got 2")) {
            try NetworkStatisticsStore().restore(future)
        }
        #expect(throws: MediationError.self) { try NetworkStatisticsStore(capacity: 0) }
        #expect(throws: MediationError.self) { try LatencySketch(weights: Array(repeating: -1, count: 33)) }
    }

    @Test func keysSeparateAdUnitsOnlyWhenAsked() throws {
        let line = WaterfallLine(customEventIdentifier: "CE", networkName: "alpha")
        #expect(NetworkStatisticsStore().key(for: line, adUnit: "u1").adUnit == nil)
        let perUnit = try NetworkStatisticsStore(capacity: 10, keysByAdUnit: true)
        #expect(
            perUnit.key(for: line, adUnit: "u1")
                == NetworkStatisticsKey(customEvent: "CE", network: "alpha", adUnit: "u1"))
    }

    @Test func aSilentLineIsLessLikelyToFillTheLongerItStaysSilent() {
        var statistics = NetworkStatistics()
        for _ in 0..<50 {
            statistics.record(.fill, latency: .milliseconds(200), decay: 1)
            statistics.record(.timeout, latency: .seconds(3), decay: 1)
        }
        let profile = NetworkProfile(statistics)
        #expect(abs(profile.fillProbability(givenSilentFor: 0) - 0.5) < 1e-9)
        #expect(profile.fillProbability(givenSilentFor: 0.1) > 0.45)
        #expect(profile.fillProbability(givenSilentFor: 0.5) == 0)
    }

    /// A network that fills half the time at 300 ms and otherwise answers no fill at 100 ms, whose line is
    /// stopped at 200 ms in every other request (a line above won): the stopped requests are exactly those
    /// that would have filled, since the no-fills answer before 200 ms.
    private func recordCensoredNetwork(_ store: NetworkStatisticsStore, recordingStops: Bool) {
        for cycle in 0..<400 {
            if cycle.isMultiple(of: 2) {
                store.record(.noFill, latency: .milliseconds(100), for: key)
            } else if cycle % 4 == 1 {
                store.record(.fill, latency: .milliseconds(300), for: key)
            } else if recordingStops {
                store.record(.stopped, latency: .milliseconds(200), for: key)
            }
        }
    }

    @Test func aStoppedLineCountsAsSilentSoFarAndRemovesTheBiasTowardsFastAnswers() throws {
        let censored = NetworkStatisticsStore()
        recordCensoredNetwork(censored, recordingStops: true)
        let ignoring = NetworkStatisticsStore()
        recordCensoredNetwork(ignoring, recordingStops: false)
        // Dropping the stopped requests hides half the fills: the estimate leans towards no fill (1/3).
        let biased = try #require(ignoring.statistics(for: key)?.fillProbability)
        #expect(abs(biased - 1.0 / 3) < 0.03)
        // Spread over what is known beyond 200 ms (only fills), each stop counts as a fill: back to 1/2.
        let statistics = try #require(censored.statistics(for: key))
        #expect(abs(try #require(statistics.fillProbability) - 0.5) < 0.02)
        // The fill latency stays where fills happen, and a stop adds no weight below the time it was silent.
        let median = try #require(statistics.fills.quantile(0.5))
        #expect(median > .milliseconds(240))
        #expect(median < .milliseconds(375))
        #expect(statistics.fills.weightAbove(0.2) > statistics.fills.totalWeight * 0.999)
        // A line silent for 150 ms is then known to fill: the no-fills answer by then.
        #expect(NetworkProfile(statistics).fillProbability(givenSilentFor: 0.15) > 0.95)
    }

    @Test func aStopIsSpreadOverOutcomesInProportionToWhatLiesBeyondIt() throws {
        var statistics = NetworkStatistics()
        // Interleaved, as a stationary network answers: 30 fills then 20 failures in a row would be a collapse of
        // the fill rate to the change detector (`FillCollapseDetectorTests`).
        for _ in 0..<10 {
            for _ in 0..<3 { statistics.record(.fill, latency: .milliseconds(400), decay: 1) }
            statistics.record(.noFill, latency: .milliseconds(50), decay: 1)
            statistics.record(.timeout, latency: .seconds(3), decay: 1)
        }
        statistics.record(.stopped, latency: .milliseconds(100), decay: 1)
        // Beyond 100 ms: 30 fills and 10 timeouts, so the stop adds 0.75 of a fill and 0.25 of a timeout.
        #expect(abs(statistics.fills.totalWeight - 30.75) < 1e-9)
        #expect(abs(statistics.timeouts - 10.25) < 1e-9)
        #expect(abs(statistics.noFills.totalWeight - 10) < 1e-9)
        #expect(abs(statistics.observationWeight - 51) < 1e-9)
    }

    @Test func aStopBeyondEverythingKnownRecordsNothing() {
        var statistics = NetworkStatistics()
        for _ in 0..<5 { statistics.record(.fill, latency: .milliseconds(100), decay: 0.9) }
        let before = statistics
        statistics.record(.stopped, latency: .seconds(2), decay: 0.9)
        #expect(statistics == before)
        var empty = NetworkStatistics()
        empty.record(.stopped, latency: .milliseconds(10), decay: 0.9)
        #expect(empty.observationWeight == 0)
    }
}
