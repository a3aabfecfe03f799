import MediationBench
import Testing

/// The soak's own logic, on a small run (the 100,000-load figure is `mediation soak`'s, in
/// docs/reliability.md; no timing is asserted here).
@Suite struct BenchSoakTests {
    @Test func everyLoadEndsOnceThroughLateDoubleAndBackgroundAnswersAndCancels() {
        let report = BenchSoakReport.measure(loads: 200, checkpoint: 50)
        #expect(report.loads == 200)
        #expect(report.outcomes == 200)
        #expect(report.duplicatedOutcomes == 0)
        #expect(report.missingOutcomes == 0)
        #expect(report.everyLoadEndedOnce)
        // Every tenth load is cancelled before any line can answer; every other load fills, on line 4 (odd
        // loads, from a background thread) or line 5 (even loads).
        #expect(report.failed == 20)
        #expect(report.filled == 180)
        #expect(report.checkpointLoads == 50)
    }

    @Test func aLostOrDoubledOutcomeIsReported() {
        let lost = BenchSoakReport(
            loads: 3, outcomes: 2, duplicatedOutcomes: 0, missingOutcomes: 1, filled: 2, failed: 0,
            checkpointLoads: 1, residentBytesAtCheckpoint: 1_000, residentBytesAtEnd: 3_000, wallSeconds: 1)
        #expect(!lost.everyLoadEndedOnce)
        #expect(lost.residentGrowthBytes == 2_000)
        let doubled = BenchSoakReport(
            loads: 3, outcomes: 4, duplicatedOutcomes: 1, missingOutcomes: 0, filled: 3, failed: 0,
            checkpointLoads: 1, residentBytesAtCheckpoint: nil, residentBytesAtEnd: 3_000, wallSeconds: 1)
        #expect(!doubled.everyLoadEndedOnce)
        #expect(doubled.residentGrowthBytes == nil)
    }
}
