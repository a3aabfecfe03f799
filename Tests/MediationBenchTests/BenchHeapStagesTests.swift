import MediationBench
import Testing

@Suite struct BenchHeapStagesTests {
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
}
