import MediationBench
import Testing

@Suite struct BenchCliffsTests {
    /// The cliffs report runs on tiny counts and its fields agree with each other; no timing is asserted (the
    /// figures are measured by `mediation bench --cliffs`).
    @Test func theReportRunsOnTinyCountsAndItsFieldsAgree() throws {
        let report = try BenchCliffsReport.measure(
            networkCounts: [3, 300], loads: 40, bidders: 4, auctionLoads: 5, runs: 1)
        #expect(report.linesPerLoad == 10)
        #expect(report.loadsPerRun == 40)
        #expect(report.runs == 1)
        #expect(report.storeCapacity == 256)
        #expect(report.networks.map(\.networks) == [3, 300])
        // Three names fit in the store; 300 fill it to its capacity and no further.
        #expect(report.networks.map(\.storedNetworks) == [3, 256])
        #expect(report.networks.allSatisfy { $0.usPerLine > 0 })
        #expect(report.bidders == 4)
        #expect(report.usPerBidLine > 0 && report.usPerPlainLine > 0)
        #expect(report.bidOverPlain == report.usPerBidLine / report.usPerPlainLine)
        let flatness = try #require(report.flatness)
        #expect(flatness == report.networks[1].usPerLine / report.networks[0].usPerLine)
        #expect((report.bytesAllocatedPerBidLine == nil) == (report.bytesAllocatedPerPlainLine == nil))
    }
}
