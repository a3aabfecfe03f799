import Foundation
import MediationBench
import MediationCore
import Testing

/// The bench's learned strategies, strategy specifications and frontier report.
@Suite struct BenchAdaptiveTests {
    /// A world where line 0 never answers within its 1 s timeout and line 1 always fills at 100 ms.
    private var slowTopWorld: BenchWorld {
        let requests = (0..<60).map { _ in
            [
                BenchLineOutcome(kind: .hang, latency: .seconds(1), timeout: .seconds(1)),
                BenchLineOutcome(kind: .fill, latency: .milliseconds(100), timeout: .seconds(1)),
            ]
        }
        return BenchWorld(requests: requests, prices: [2, 1])
    }

    @Test func adaptiveLearnsAcrossTheRequestsOfARun() throws {
        let results = try BenchRunner(world: slowTopWorld).run(BenchStrategy(.recommendedAdaptive))
        // Early on it starts both lines at once on the cold-start schedule ("start 3 at 0, keep 2"); once it
        // knows line 0 never fills, it starts line 1 at once too; the winner always waits for line 0.
        #expect(results.allSatisfy { $0.winner == 1 && $0.timeToFill == .seconds(1) })
        #expect(results.prefix(5).allSatisfy { $0.attempts == 2 })
    }

    @Test func adaptiveStartsTheSecondLineAtOnceOnTheColdStartScheduleAndOnceItHasLearned() throws {
        // Line 0 never fills (no fill at 300 ms), line 1 fills at 800 ms: the bound is 800 ms, sequential 1,100.
        let requests = (0..<60).map { _ in
            [
                BenchLineOutcome(kind: .noFill, latency: .milliseconds(300), timeout: .seconds(3)),
                BenchLineOutcome(kind: .fill, latency: .milliseconds(800), timeout: .seconds(3)),
            ]
        }
        let world = BenchWorld(requests: requests, prices: [2, 1])
        let results = try BenchRunner(world: world).run(BenchStrategy(.recommendedAdaptive))
        // Unknown networks: the cold-start schedule starts lines 0…2 at once, so line 1 starts at 0 ms.
        #expect(results.first?.timeToFill == .milliseconds(800))
        // Learned: line 0 never fills, so line 1 starts with it, at 0 ms.
        #expect(results.last?.timeToFill == .milliseconds(800))
        let sequential = try BenchRunner(world: world).run(BenchStrategy(.sequential))
        #expect(sequential.allSatisfy { $0.timeToFill == .milliseconds(1100) })
    }

    @Test func strategySpecificationsParseOrSayWhatIsWrong() throws {
        #expect(try BenchStrategy(specification: "sequential").strategy == .sequential)
        #expect(try BenchStrategy(specification: "adaptive").strategy == .recommendedAdaptive)
        let budgetTwo = try MediationStrategy.adaptive(requestBudget: 2)
        #expect(try BenchStrategy(specification: "adaptive:2").strategy == budgetTwo)
        #expect(
            try BenchStrategy(specification: "hedged:100:3").strategy
                == .hedged(after: .milliseconds(100), maxInFlight: 3))
        #expect(try BenchStrategy(specification: "latency:800").strategy == .latencyBudget(.milliseconds(800)))
        #expect(
            try BenchStrategy(specification: "latency:800:0.05").strategy
                == .latencyBudget(.milliseconds(800), revenueTolerance: 0.05))
        #expect(try BenchStrategy(specification: "early").strategy == .earlyWin())
        #expect(try BenchStrategy(specification: "early:0.2").strategy == .earlyWin(revenueTolerance: 0.2))
        #expect(throws: MediationError.self) { try BenchStrategy(specification: "early:2") }
        #expect(throws: MediationError.self) { try BenchStrategy(specification: "latency:800:x") }
        #expect(throws: MediationError.self) { try BenchStrategy(specification: "hedged:100") }
        #expect(throws: MediationError.self) { try BenchStrategy(specification: "adaptive:0.5") }
        #expect(throws: MediationError.self) { try BenchStrategy(specification: "fastest") }
    }

    @Test func theFrontierComparesEveryFixedHedgeWithAdaptive() throws {
        var workload = try #require(BenchWorkload.builtIn("many-hangs"))
        workload.requests = 40
        let run = try BenchRun(
            workload: workload, strategies: [BenchStrategy(.sequential), BenchStrategy(.recommendedAdaptive)])
        let frontier = try BenchFrontier(run: run)
        #expect(frontier.points.count == BenchFrontier.delaysMs.count * BenchFrontier.limits.count)
        #expect(frontier.adaptive == MediationStrategy.recommendedAdaptive.description)
        #expect(frontier.points.contains { $0.isOnFrontier })
        // A hedge beats adaptive exactly when it is faster at p50 and cheaper in requests.
        for point in frontier.points {
            let faster = (point.p50Ms ?? .infinity) < (frontier.adaptiveP50Ms ?? 0)
            let cheaper = (point.requestsRatio ?? .infinity) < (frontier.adaptiveRequestsRatio ?? 0)
            #expect(point.beatsAdaptive == (faster && cheaper), "\(point.name)")
        }
        // hedged(0 ms, 1) is sequential: requests × 1.
        #expect(frontier.points.first { $0.delayMs == 0 && $0.maxInFlight == 1 }?.requestsRatio == 1)
        #expect(frontier.table().contains("frontier (56 fixed hedges)"))
        var report = run.report
        report.frontier = frontier
        let object = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(report)) as? [String: Any]
        #expect(object?["frontier"] != nil)
        let svg = BenchCDFChart.svg(run, frontier: frontier)
        #expect(svg.contains("Trade-off"))
        #expect(svg.hasSuffix("</svg>\n"))
    }
}
