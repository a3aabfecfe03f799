import MediationSupport

/// A complete bench run over one workload: the world, the oracle's and the bound's results and every strategy's
/// per-request results (for the report and the CDF chart).
public struct BenchRun: Sendable {
    /// The workload (with the request count that ran).
    public let workload: BenchWorkload
    /// The world every strategy met.
    public let world: BenchWorld
    /// The oracle's results.
    public let oracle: [BenchRequestResult]
    /// The same-winner bound's results.
    public let bound: [BenchRequestResult]
    /// Each strategy with its results, in the order run.
    public let strategies: [(strategy: BenchStrategy, results: [BenchRequestResult])]

    /// Draws the world of `workload` and runs `strategies` (sequential is added first when missing, as every
    /// ratio refers to it); `progress` receives a line now and then.
    ///
    /// - Throws: ``BenchRunError`` when a run does not finish.
    public init(
        workload: BenchWorkload, strategies: [BenchStrategy] = BenchStrategy.standardSet,
        progress: (@Sendable (String) -> Void)? = nil
    ) throws(BenchRunError) {
        self.workload = workload
        world = BenchWorld(workload: workload)
        oracle = world.requests.indices.map(world.oracle)
        bound = world.requests.indices.map(world.bound)
        var toRun = strategies
        if !toRun.contains(where: { $0.strategy == .sequential }) {
            toRun.insert(BenchStrategy(.sequential), at: 0)
        }
        let runner = BenchRunner(world: world)
        let total = world.requests.count
        var runs: [(strategy: BenchStrategy, results: [BenchRequestResult])] = []
        for strategy in toRun {
            let results = try runner.run(strategy) { done in
                progress?("bench \(workload.name): \(strategy.name) \(done)/\(total)")
            }
            runs.append((strategy, results))
        }
        self.strategies = runs
    }

    /// The sequential strategy's results.
    public var sequential: [BenchRequestResult] {
        strategies.first { $0.strategy.strategy == .sequential }?.results ?? []
    }

    /// The report.
    public var report: BenchReport {
        let oracleSummary = BenchSummary(oracle)
        let boundSummary = BenchSummary(bound)
        var report = BenchReport(
            workload: workload.name, requests: world.requests.count, seed: workload.seed, oracle: oracleSummary,
            bound: boundSummary,
            strategies: strategies.map {
                BenchStrategySummary(
                    strategy: $0.strategy, results: $0.results, sequential: sequential, bound: boundSummary,
                    oracle: oracleSummary)
            })
        if !world.signalTimes.isEmpty {
            let sorted = world.signalTimes.map(\.milliseconds).sorted()
            report.signalCollectionMs = [
                BenchPercentile.nearestRank(50, of: sorted), BenchPercentile.nearestRank(95, of: sorted),
            ]
        }
        return report
    }
}
