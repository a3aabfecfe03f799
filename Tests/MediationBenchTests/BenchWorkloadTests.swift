import Foundation
import MediationCore
import MediationSupport
import Testing

@testable import MediationBench

@Suite struct BenchWorkloadTests {
    @Test(arguments: BenchWorkload.builtInNames)
    func shippedWorkloadsDecode(name: String) throws {
        let workload = try #require(BenchWorkload.builtIn(name))
        #expect(workload.name == name)
        #expect(workload.waterfall.count >= 5)
    }

    @Test func theRealisticWorkloadMatchesTheIssue() throws {
        let workload = try #require(BenchWorkload.builtIn("many-hangs"))
        #expect(workload.waterfall.count == 8)
        #expect(workload.requests == 4_000)
        #expect(workload.waterfall.allSatisfy { $0.timeoutMs == 3_000 })
        #expect(workload.networks.allSatisfy { (0.15...0.6).contains($0.fillProbability) })
        #expect(workload.networks.allSatisfy { $0.hangProbability == 0.03 })
    }

    @Test func theWorldIsTheSameForEverySeedAndIndependentOfTheRequestCount() throws {
        let workload = try #require(BenchWorkload.builtIn("many-hangs"))
        let full = BenchWorld(workload: workload, requests: 300)
        #expect(BenchWorld(workload: workload, requests: 300) == full)
        #expect(BenchWorld(workload: workload, requests: 100).requests == Array(full.requests.prefix(100)))
        var reseeded = workload
        reseeded.seed += 1
        #expect(BenchWorld(workload: reseeded, requests: 300) != full)
        let kinds = Set(full.requests.joined().map(\.kind))
        #expect(kinds == [.fill, .noFill, .error, .hang])
    }

    @Test func everyStrategyMeetsTheSameWorldAndKeepsSequentialsWinner() throws {
        var workload = try #require(BenchWorkload.builtIn("many-hangs"))
        workload.requests = 150
        let run = try BenchRun(workload: workload)
        let report = run.report
        #expect(report.strategies.first?.name == "sequential")
        #expect(report.strategies.count == BenchStrategy.standardSet.count)
        #expect(report.strategies.filter(\.isDefault).count == 1)
        let oracleWinners = run.oracle.map(\.winner)
        for entry in run.strategies where !entry.strategy.strategy.keepsSequentialWinner {
            // The opt-in latency budget and early win may give the slot to a lower line, never to a higher one,
            // and fill whenever the oracle does.
            for (result, oracle) in zip(entry.results, run.oracle) {
                #expect((result.winner == nil) == (oracle.winner == nil))
                if let winner = result.winner, let best = oracle.winner { #expect(winner >= best) }
            }
        }
        #expect(run.strategies.contains { if case .latencyBudget = $0.strategy.strategy.mode { true } else { false } })
        #expect(run.strategies.contains { $0.strategy.strategy == (try? .earlyWin()) })
        #expect(run.strategies.contains { $0.strategy.strategy == .recommendedAdaptive })
        for entry in run.strategies where entry.strategy.strategy.keepsSequentialWinner {
            #expect(entry.results.map(\.winner) == oracleWinners, "\(entry.strategy.name)")
            // No strategy that keeps the winner beats the bound.
            for (result, bound) in zip(entry.results, run.bound) {
                if let time = result.timeToFill, let limit = bound.timeToFill { #expect(time >= limit) }
            }
        }
        let keepers = Set(run.strategies.filter(\.strategy.strategy.keepsSequentialWinner).map(\.strategy.name))
        #expect(keepers.count == report.strategies.count - 2)
        #expect(report.strategies.filter { keepers.contains($0.name) }.allSatisfy { $0.winnerMismatches == 0 })
        #expect(report.strategies.first?.requestsRatio == 1)
    }

    @Test func theJSONReportHasTheDocumentedShape() throws {
        var workload = try #require(BenchWorkload.builtIn("healthy"))
        workload.requests = 40
        let data = try JSONEncoder().encode(try BenchRun(workload: workload).report)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(["workload", "requests", "seed", "oracle", "bound", "strategies"]).isSubset(of: object.keys))
        let oracle = try #require(object["oracle"] as? [String: Any])
        #expect(Set(["fillRate", "revenue", "p50Ms", "p95Ms", "p99Ms"]).isSubset(of: oracle.keys))
        let strategies = try #require(object["strategies"] as? [[String: Any]])
        let keys: Set = [
            "name", "isDefault", "fillRate", "revenue", "p50Ms", "p95Ms", "p99Ms", "requestsPerLoad",
            "winnerMismatches",
        ]
        #expect(strategies.allSatisfy { keys.isSubset(of: $0.keys) })
    }

    @Test(arguments: [
        (#"{"name":"x","requests":10,"seed":1,"networks":[],"waterfall":[]}"#, "networks"),
        (
            #"{"name":"x","requests":10,"seed":1,"networks":[{"name":"a"}],"waterfall":[]}"#,
            "networks[0].fillProbability"
        ),
        (
            #"{"name":"x","requests":10,"seed":1,"networks":[{"name":"a","fillProbability":1.5,"fillLatency":{"medianMs":1,"spread":0},"noFillLatency":{"medianMs":1,"spread":0},"hangProbability":0,"errorProbability":0,"price":1}],"waterfall":[{"network":"a","timeoutMs":10}]}"#,
            "networks[0].fillProbability"
        ),
        (
            #"{"name":"x","requests":10,"seed":1,"networks":[{"name":"a","fillProbability":0.5,"fillLatency":{"medianMs":1,"spread":0},"noFillLatency":{"medianMs":"slow","spread":0},"hangProbability":0,"errorProbability":0,"price":1}],"waterfall":[]}"#,
            "networks[0].noFillLatency.medianMs"
        ),
        (
            #"{"name":"x","requests":10,"seed":1,"networks":[{"name":"a","fillProbability":0.5,"fillLatency":{"medianMs":1,"spread":0},"noFillLatency":{"medianMs":1,"spread":0},"hangProbability":0,"errorProbability":0,"price":1}],"waterfall":[{"network":"b","timeoutMs":10}]}"#,
            "waterfall[0].network"
        ),
        (#"{"name":"x","requests":0,"seed":1,"networks":[],"waterfall":[]}"#, "requests"),
        (#"{"name":"x","requests":10,"seed":-1,"networks":[],"waterfall":[]}"#, "seed"),
        (#"{"name":"x","requests":2.5,"seed":1,"networks":[],"waterfall":[]}"#, "requests"),
        ("not json", ""),
    ])
    func decodingErrorsNameThePath(json: String, path: String) {
        #expect(throws: BenchWorkloadError.self) { _ = try BenchWorkload.decode(Data(json.utf8)) }
        do {
            _ = try BenchWorkload.decode(Data(json.utf8))
        } catch {
            #expect(error.path == path, "\(error)")
        }
    }

    @Test func manyLoadsAtOnceAllComplete() throws {
        let workload = try #require(BenchWorkload.builtIn("many-hangs"))
        let world = BenchWorld(workload: workload, requests: 50)
        let scale = BenchScaleReport.measure(world: world, loads: 500, strategy: .default)
        #expect(scale.loads == 500)
        #expect(scale.completed == 500)
    }

    @Test func theChartIsOneSVGDocumentWithASeriesPerStrategy() throws {
        var workload = try #require(BenchWorkload.builtIn("one-slow-top"))
        workload.requests = 30
        let run = try BenchRun(workload: workload)
        let svg = BenchCDFChart.svg(run)
        #expect(svg.hasPrefix("<svg"))
        #expect(svg.hasSuffix("</svg>\n"))
        #expect(svg.components(separatedBy: "<polyline").count - 1 == run.strategies.count + 2)
    }
}

@Suite struct BenchOverheadTests {
    @Test func theOverheadRunsDeliverTheLastLinesFillAndReportEveryFigure() throws {
        let report = try BenchOverheadReport.measure(loads: 20, runs: 3)
        #expect(report.linesPerLoad == 10)
        #expect(report.runs == 3)
        #expect(report.usPer10LineLoad > 0)
        #expect(report.usPerLineAttempt == report.usPer10LineLoad / 10)
        #expect(report.bareLoopUsPerLoad > 0)
        #expect(report.mopubUsPer10LineLoad > 0)
        #expect(report.bareLoopRatio > 0)
        let single = try BenchOverheadReport.measure(loads: 20, runs: 1)
        #expect(single.bareLoopRatio == single.usPer10LineLoad / single.bareLoopUsPerLoad, "one run: its own ratio")
    }

    @Test func aRatioIsTheMedianOfTheRunsOwnRatios() {
        #expect(BenchOverheadReport.median([3, 1, 2]) == 2)
        #expect(BenchOverheadReport.median([4, 1, 3, 2]) == 2.5)
        #expect(BenchOverheadReport.median([]) == 0)
    }
}

@Suite struct BenchScaleTests {
    @Test func onLinuxTheScaleReportReadsResidentMemory() throws {
        #if os(Linux)
            let workload = try #require(BenchWorkload.builtIn("healthy"))
            let scale = BenchScaleReport.measure(
                world: BenchWorld(workload: workload, requests: 10), loads: 20, strategy: .sequential)
            #expect(scale.completed == 20)
            #expect((scale.peakRSSBytes ?? 0) > 0)
            #expect(scale.bytesPerInFlightLoad != nil)
            #expect((scale.peakThreads ?? 0) > 0, "the thread count is read from /proc/self/status")
            // Only their presence: the heap is the process's, and other tests run alongside. Under a sanitizer
            // the allocator is the sanitizer's, and glibc reports no heap: then the fields stay empty.
            if ProcessMemory.heapBytesInUse == nil {
                #expect(scale.heapBytesPerInFlightLoad == nil)
            } else {
                let heap = try #require(scale.heapBytesPerInFlightLoad, "glibc reports the heap in use")
                let network = try #require(scale.networkHeapBytesPerInFlightLoad)
                #expect(scale.engineHeapBytesPerInFlightLoad == heap - network)
            }
        #endif
    }

    @Test func theEngineShareIsTheHeapLessTheNetworksShare() throws {
        #expect(BenchScaleReport.engineShare(heap: 2_500, network: 600) == 1_900)
        #expect(BenchScaleReport.engineShare(heap: 2_500, network: nil) == nil)
        #expect(BenchScaleReport.engineShare(heap: nil, network: 600) == nil)
        var scale = BenchScaleReport(
            loads: 10, completed: 10, clock: "virtual", wallSeconds: 1, peakRSSBytes: nil, bytesPerInFlightLoad: nil)
        scale.heapBytesPerInFlightLoad = 2_500
        scale.networkHeapBytesPerInFlightLoad = 600
        scale.engineHeapBytesPerInFlightLoad = 1_900
        let json = String(decoding: try JSONEncoder().encode(scale), as: UTF8.self)
        for key in ["heapBytesPerInFlightLoad", "networkHeapBytesPerInFlightLoad", "engineHeapBytesPerInFlightLoad"] {
            #expect(json.contains("\"\(key)\""), "--json carries \(key)")
        }
    }

    @Test func theNetworksShareIsTheHeapItsRequestsAddPerLoad() throws {
        let workload = try #require(BenchWorkload.builtIn("many-hangs"))
        let world = BenchWorld(workload: workload, requests: 10)
        let readings = Locked([1_000, 9_000])
        let counter = Locked(0)
        let share = BenchScaleReport.networkHeapBytes(
            world: world, loads: 200, requests: 300, clock: .virtual,
            heapInUse: { readings.withLock { $0.isEmpty ? nil : $0.removeFirst() } }, requestCounter: counter)
        #expect(share == 40, "(9,000 − 1,000) bytes over 200 loads")
        #expect(counter.current == 300, "every request was made on a custom event")
        #expect(
            BenchScaleReport.networkHeapBytes(world: world, loads: 0, requests: 0, clock: .virtual) == nil,
            "no load, no share")
        #expect(
            BenchScaleReport.networkHeapBytes(
                world: world, loads: 10, requests: 10, clock: .virtual, heapInUse: { nil }) == nil,
            "no heap reading, no share")
    }
}

@Suite struct BenchContinuousScaleTests {
    @Test func loadsOnTheContinuousClockAllComplete() {
        let line = { (kind: BenchLineOutcome.Kind) in
            BenchLineOutcome(kind: kind, latency: .milliseconds(1), timeout: .milliseconds(50))
        }
        let world = BenchWorld(
            requests: [[line(.noFill), line(.fill)], [line(.hang), line(.fill)], [line(.error), line(.noFill)]],
            prices: [2, 1])
        let scale = BenchScaleReport.measure(world: world, loads: 30, strategy: .sequential, clock: .continuous)
        #expect(scale.clock == "continuous")
        #expect(scale.completed == 30)
    }
}

@Suite struct BenchGeneratedWorkloadTests {
    @Test(arguments: [0, 1, 42, 12_345] as [UInt64])
    func generatedWorkloadsAreValidAndReproducible(seed: UInt64) throws {
        let workload = BenchWorkload.generated(seed: seed, requests: 50)
        try workload.validate()
        #expect(workload == BenchWorkload.generated(seed: seed, requests: 50))
        #expect((3...10).contains(workload.waterfall.count))
        #expect(workload.name == "generated:\(seed)")
        // Prices fall down the waterfall, as in a real one.
        let prices = workload.waterfall.map { workload.price(of: $0) }
        #expect(prices == prices.sorted(by: >))
    }

    @Test func differentSeedsGiveDifferentWorkloads() {
        #expect(BenchWorkload.generated(seed: 1) != BenchWorkload.generated(seed: 2))
    }
}
