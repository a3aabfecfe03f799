import MediationBench
import MediationCore
import Testing

@Suite struct BenchLimitTests {
    /// The limit search's simulator runs the engine's own fixed hedges and sequential exactly as the engine does:
    /// the same winner, time to fill and line requests on every request.
    @Test(arguments: [(0, 1), (0, 3), (500, 2), (200, 4), (750, 8)])
    func theSimulatorMatchesTheEngineOnFixedHedges(delayMs: Int, maxInFlight: Int) throws {
        let workload = try #require(BenchWorkload.builtIn("many-hangs"))
        let world = BenchWorld(workload: workload, requests: 300)
        let engine = try BenchRunner(world: world).run(
            BenchStrategy(try .hedged(after: .milliseconds(delayMs), maxInFlight: maxInFlight)))
        let simulated = BenchLimitPolicy.hedge(delayMs: delayMs, maxInFlight: maxInFlight).results(on: world)
        #expect(simulated == engine)
    }

    @Test func sequentialIsTheScheduleOfOneLineKeptLoading() throws {
        let workload = try #require(BenchWorkload.builtIn("one-slow-top"))
        let world = BenchWorld(workload: workload, requests: 300)
        let engine = try BenchRunner(world: world).run(BenchStrategy(.sequential))
        let simulated = BenchLimitPolicy.schedule(startAtOnce: 1, window: 1, lineCount: 5).results(on: world)
        #expect(simulated == engine)
    }

    /// Lines 0 and 1 start at once, then one line loads behind the first unended (sequential from there): a
    /// hand-checked world.
    @Test func aScheduleStartsItsFirstLinesAtOnceThenKeepsItsWindow() {
        let timeout = Duration.seconds(3)
        func line(_ kind: BenchLineOutcome.Kind, _ ms: Int) -> BenchLineOutcome {
            BenchLineOutcome(kind: kind, latency: .milliseconds(ms), timeout: timeout)
        }
        let world = BenchWorld(
            requests: [
                // Line 0 fails at 100 ms, line 1 (started at 0) fails at 300 ms, line 2 starts then and fills at
                // 300 + 400 = 700 ms.
                [line(.noFill, 100), line(.noFill, 300), line(.fill, 400), line(.fill, 10)],
                // Line 1 fills at 50 ms and is held until line 0 ends at 200 ms; line 2 never starts.
                [line(.noFill, 200), line(.fill, 50), line(.fill, 10), line(.fill, 10)],
                // Line 0 hangs: line 2 starts when line 0 times out at 3 s and fills at 3,020 ms.
                [line(.hang, 0), line(.noFill, 100), line(.fill, 20), line(.noFill, 10)],
            ],
            prices: [4, 3, 2, 1])
        let results = BenchLimitPolicy.schedule(startAtOnce: 2, window: 1, lineCount: 4).results(on: world)
        #expect(results.map(\.winner) == [2, 1, 2])
        #expect(results.map(\.timeToFill) == [.milliseconds(700), .milliseconds(200), .milliseconds(3_020)])
        #expect(results.map(\.attempts) == [3, 2, 3])
        // Line 2 also starts at 150 ms at the latest: it fills at 550 ms in the first request; in the third its ad
        // is held until line 0 times out at 3 s. No line starts below a held ad (line 2 in the second request,
        // line 3 in the third).
        let timed = BenchLimitPolicy.startTimes([0, 0, 150, nil], window: 1).results(on: world)
        #expect(timed.map(\.timeToFill) == [.milliseconds(550), .milliseconds(200), .seconds(3)])
        #expect(timed.map(\.attempts) == [3, 2, 3])
    }

    /// The frontier holds no point another point matches or beats on p50, p95 and requests; the limit at a cost
    /// never rises with the cost; sequential sits on the limit at its own cost.
    @Test func theFrontierIsParetoAndTheLimitFallsWithCost() throws {
        let workload = try #require(BenchWorkload.builtIn("healthy"))
        var small = workload
        small.requests = 300
        let run = try BenchRun(
            workload: small, strategies: [BenchStrategy(.sequential), BenchStrategy(.recommendedHedged)])
        let limit = BenchLimit(run: run)
        #expect(!limit.frontier.isEmpty)
        for point in limit.frontier {
            let dominated = limit.frontier.contains { other in
                other != point && (other.p50Ms ?? 0) <= (point.p50Ms ?? 0) && (other.p95Ms ?? 0) <= (point.p95Ms ?? 0)
                    && other.requestsRatio <= point.requestsRatio
            }
            #expect(!dominated, "\(point.name) is dominated")
        }
        var previous = Double.infinity
        for ratio in stride(from: 1.0, through: 3.0, by: 0.1) {
            let p50 = try #require(limit.limit(atRequestsRatio: ratio).p50Ms)
            #expect(p50 <= previous)
            previous = p50
        }
        var report = run.report
        report.attach(limit)
        let sequential = try #require(report.strategies.first)
        #expect(sequential.toLimit == [1.0, 1.0])
        #expect(report.strategies.allSatisfy { ($0.toLimit?.count ?? 0) == 2 })
        #expect(report.table().contains("× limit at its cost"))
    }
}
