import Foundation
import MediationBench
import Testing

/// Serialized: each test reads the process's heap, which the suite's other tests would move meanwhile.
@Suite(.serialized) struct BenchHeapStagesTests {
    /// The stages follow a load's life (1…5 lines in flight at the hedges, then 2 in flight with 3 ads held), every
    /// load completes, and the engine's share is the total minus the networks'.
    @Test func theStagesFollowALoadsLife() throws {
        guard let stages = BenchHeapStages.measure(loads: 50) else { return }  // no malloc figures here
        #expect(stages.stages.map(\.name) == ["first line", "hedge 1", "hedge 2", "hedge 3", "hedge 4", "3 ads held"])
        #expect(stages.stages.map(\.linesInFlight) == [1, 2, 3, 4, 5, 2])
        #expect(stages.stages.map(\.heldAds) == [0, 0, 0, 0, 0, 3])
        #expect(stages.completed == 50)
        // The figures themselves are not checked: other tests allocate and free in the same process meanwhile.
        for stage in stages.stages {
            if let network = stage.networkHeapBytesPerLoad {
                #expect(stage.engineHeapBytesPerLoad == stage.heapBytesPerLoad - network)
            }
        }
        #expect(stages.finishedHandleBytes != nil)
    }

    /// What the engine holds per load in flight, at every stage of a load's life, stays within a generous bound: a few
    /// kilobytes (1.7–2.6 KB when measured alone), not the waterfall's size or the run's history. One bound on the
    /// heap, rather than pins on the layout of each type, so that adding a field is no test failure while a load
    /// that starts holding far more is.
    ///
    /// The heap is the process's: tests running beside this one allocate and free meanwhile (in the whole suite a
    /// stage once read 4.3 KB). So the 4 KB bound holds when the suite runs alone (`MEDIATION_SUITE_ALONE=1`, as
    /// `.ci/run` runs it after the whole suite), and a bound four times wider in the whole suite.
    @Test func aLoadInFlightHoldsAFewKilobytesOfEngineHeap() throws {
        guard let stages = BenchHeapStages.measure(loads: 2_000) else { return }  // no malloc figures here
        #expect(stages.completed == 2_000)
        let bound = Self.heapBoundPerLoad
        for stage in stages.stages {
            let engine = try #require(stage.engineHeapBytesPerLoad)
            #expect(engine < bound, "\(stage.name): \(Int(engine)) bytes of the engine's heap per load in flight")
        }
    }

    /// A full default statistics store holds about 2.2 KB per network (docs/waterfall.md, "Memory"): between 1 and
    /// 4 KB. It runs only when the suite runs alone (serialized, in `.ci/run`'s suites-alone step): the store's whole
    /// heap is about half a megabyte, which a test allocating beside it can outweigh (in the whole suite it once read
    /// 8,930 bytes), and a sanitizer's allocator reports no heap figures at all.
    @Test(.enabled(if: Self.suiteRunsAlone, "reads the process's heap: runs in .ci/run's suites-alone step"))
    func aFullStatisticsStoreHoldsAFewKilobytesPerNetwork() throws {
        guard let perNetwork = BenchCliffsReport.heapBytesPerStoredNetwork() else { return }  // no malloc figures
        #expect((1_024..<4_096).contains(perNetwork), "\(Int(perNetwork)) bytes per network")
    }

    /// Whether the suite runs alone (`MEDIATION_SUITE_ALONE=1`, as `.ci/run` runs it after the whole suite).
    static let suiteRunsAlone = ProcessInfo.processInfo.environment["MEDIATION_SUITE_ALONE"] == "1"

    /// 4 KB per load in flight when the suite runs alone, 16 KB beside other tests.
    static let heapBoundPerLoad: Double =
        suiteRunsAlone ? 4_096 : 16_384
}
