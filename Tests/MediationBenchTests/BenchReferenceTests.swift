import MediationBench
import MediationCore
import Testing

@Suite struct BenchReferenceTests {
    static let timeout = Duration.seconds(3)

    static func outcome(_ kind: BenchLineOutcome.Kind, _ milliseconds: Int) -> BenchLineOutcome {
        BenchLineOutcome(kind: kind, latency: .milliseconds(milliseconds), timeout: timeout)
    }

    /// Request 0: line 1 wins behind a slow no-fill. Request 1: a hang above the winner. Request 2: a fill that
    /// comes after the timeout does not count. Request 3: nothing fills.
    static let world = BenchWorld(
        requests: [
            [outcome(.noFill, 900), outcome(.fill, 200), outcome(.fill, 50)],
            [outcome(.hang, 0), outcome(.error, 100), outcome(.fill, 400)],
            [outcome(.fill, 3_500), outcome(.fill, 700), outcome(.noFill, 10)],
            [outcome(.noFill, 100), outcome(.hang, 0), outcome(.error, 5_000)],
        ],
        prices: [3, 2, 1])

    @Test func theOracleTakesTheHighestFillingLineAtItsOwnTime() {
        let results = Self.world.requests.indices.map(Self.world.oracle)
        #expect(results.map(\.winner) == [1, 2, 1, nil])
        #expect(results.map(\.timeToFill) == [.milliseconds(200), .milliseconds(400), .milliseconds(700), nil])
        #expect(results.map(\.revenue) == [2, 1, 2, 0])
    }

    @Test func theBoundWaitsForEveryLineAboveTheWinnerToEnd() {
        let results = Self.world.requests.indices.map(Self.world.bound)
        #expect(results.map(\.winner) == [1, 2, 1, nil])
        // 900 ms no-fill above; the hang above ends at its 3 s timeout; the late fill above ends at its timeout.
        #expect(results.map(\.timeToFill) == [.milliseconds(900), .seconds(3), .seconds(3), nil])
    }

    @Test func sequentialAndEveryHedgeKeepTheOraclesWinnerAndHedgingEverythingReachesTheBound() throws {
        let runner = BenchRunner(world: Self.world)
        let sequential = try runner.run(BenchStrategy(.sequential))
        #expect(sequential.map(\.winner) == [1, 2, 1, nil])
        // Sequential: 900 + 200; 3000 + 100 + 400; 3000 + 700.
        #expect(
            sequential.map(\.timeToFill) == [.milliseconds(1_100), .milliseconds(3_500), .milliseconds(3_700), nil])
        #expect(sequential.map(\.attempts) == [2, 3, 2, 3])
        let everything = try runner.run(BenchStrategy(try .hedged(after: .zero, maxInFlight: 8)))
        #expect(everything.map(\.winner) == [1, 2, 1, nil])
        #expect(everything.map(\.timeToFill) == Self.world.requests.indices.map { Self.world.bound($0).timeToFill })
    }

    @Test func nearestRankPercentiles() {
        let samples = (1...100).map(Double.init)
        #expect(BenchPercentile.nearestRank(50, of: samples) == 50)
        #expect(BenchPercentile.nearestRank(95, of: samples) == 95)
        #expect(BenchPercentile.nearestRank(99, of: samples) == 99)
        #expect(BenchPercentile.nearestRank(100, of: samples) == 100)
        #expect(BenchPercentile.nearestRank(0, of: samples) == 1)
        #expect(BenchPercentile.nearestRank(50, of: [7]) == 7)
        #expect(BenchPercentile.nearestRank(50, of: [1, 2, 3, 4]) == 2)
        #expect(BenchPercentile.nearestRank(51, of: [1, 2, 3, 4]) == 3)
        #expect(BenchPercentile.nearestRank(50, of: []) == nil)
    }

    @Test func theSummaryCountsFillsRevenueAndPercentilesOverFillsOnly() {
        let results = [
            BenchRequestResult(winner: 0, timeToFill: .milliseconds(100), attempts: 1, revenue: 3),
            BenchRequestResult(winner: nil, timeToFill: nil, attempts: 3, revenue: 0),
            BenchRequestResult(winner: 1, timeToFill: .milliseconds(300), attempts: 2, revenue: 2),
            BenchRequestResult(winner: 2, timeToFill: .milliseconds(200), attempts: 3, revenue: 1),
        ]
        let summary = BenchSummary(results)
        #expect(summary.fillRate == 0.75)
        #expect(summary.revenue == 6)
        #expect(summary.p50Ms == 200)
        #expect(summary.p95Ms == 300)
    }
}
