/// The result of `mediation bench` over one workload: the oracle, the bound and every strategy's figures.
/// Encodes to the JSON object `mediation bench --json` prints.
public struct BenchReport: Codable, Sendable, Hashable {
    /// The workload's name.
    public var workload: String
    /// How many requests ran.
    public var requests: Int
    /// The seed the outcomes were drawn from.
    public var seed: UInt64
    /// The oracle's figures.
    public var oracle: BenchSummary
    /// The same-winner bound's figures.
    public var bound: BenchSummary
    /// Each strategy's figures, sequential first.
    public var strategies: [BenchStrategySummary]
    /// The `--overhead` measurement, when it ran.
    public var overhead: BenchOverheadReport?
    /// The `--scale` measurement, when it ran.
    public var scale: BenchScaleReport?
    /// The cost cliffs `--scale` measures with it (many network names, a 50-bidder auction), when it ran.
    public var cliffs: BenchCliffsReport?
    /// The `--frontier` comparison with every fixed hedge, when it ran.
    public var frontier: BenchFrontier?
    /// The `--limit` search, when it ran.
    public var limit: BenchLimit?
    /// For a workload with phases: how the default recovers from each change (``BenchRecovery``).
    public var recovery: BenchRecovery?
    /// The `--heap-stages` measurement, when it ran.
    public var heapStages: BenchHeapStages?
    /// For an auction workload: the bid signal collection's p50 and p95 in milliseconds (included in every time
    /// to fill above); `nil` for a plain waterfall.
    public var signalCollectionMs: [Double?]?

    /// Sets ``limit`` and each strategy's distance to it at its own realised request cost.
    public mutating func attach(_ limit: BenchLimit) {
        self.limit = limit
        for index in strategies.indices {
            let strategy = strategies[index]
            guard let requestsRatio = strategy.requestsRatio else { continue }
            let best = limit.limit(atRequestsRatio: requestsRatio)
            strategies[index].toLimit = [
                strategy.p50Ms.flatMap { mine in best.p50Ms.map { mine / $0 } },
                strategy.p95Ms.flatMap { mine in best.p95Ms.map { mine / $0 } },
            ]
            strategies[index].beatenBy = limit.policies(
                beating: strategy.p50Ms, strategy.p95Ms, atRequestsRatio: requestsRatio
            ).map(Self.describe)
            strategies[index].limitRule = limit.rule(atRequestsRatio: requestsRatio).map(Self.describe)
            let leading = limit.leadingRule(over: strategy.p50Ms, strategy.p95Ms, atRequestsRatio: requestsRatio)
            strategies[index].leadOfBestRule = leading?.lead
            strategies[index].leadingRule = leading.map { Self.describe($0.point) }
        }
    }

    /// `name (p50 ms, p95 ms, requests×)`.
    static func describe(_ point: BenchLimit.Point) -> String {
        "\(point.name) (\(String(format: "%.1f", point.p50Ms ?? 0)) ms, \(String(format: "%.1f", point.p95Ms ?? 0)) ms, "
            + String(format: "%.3f×)", point.requestsRatio)
    }

    /// Creates a report.
    public init(
        workload: String, requests: Int, seed: UInt64, oracle: BenchSummary, bound: BenchSummary,
        strategies: [BenchStrategySummary]
    ) {
        self.workload = workload
        self.requests = requests
        self.seed = seed
        self.oracle = oracle
        self.bound = bound
        self.strategies = strategies
    }
}
