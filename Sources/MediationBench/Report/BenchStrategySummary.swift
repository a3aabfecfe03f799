/// One strategy's figures, with its ratios to sequential, the same-winner bound and the oracle.
public struct BenchStrategySummary: Codable, Sendable, Hashable {
    /// The strategy's name.
    public var name: String
    /// Whether it is the engine's default strategy.
    public var isDefault: Bool
    /// Filled requests over all requests.
    public var fillRate: Double
    /// The sum of the winning lines' prices.
    public var revenue: Double
    /// Revenue over sequential's.
    public var revenueRatio: Double?
    /// Median time to fill, in milliseconds.
    public var p50Ms: Double?
    /// 95th percentile time to fill, in milliseconds.
    public var p95Ms: Double?
    /// 99th percentile time to fill, in milliseconds.
    public var p99Ms: Double?
    /// p50, p95 and p99 over the same-winner bound's.
    public var timeToBound: [Double?]
    /// p50, p95 and p99 over the oracle's.
    public var timeToOracle: [Double?]
    /// Line requests per ad request.
    public var requestsPerLoad: Double
    /// Requests per load over sequential's.
    public var requestsRatio: Double?
    /// Requests whose winner (or no fill) differs from sequential's.
    public var winnerMismatches: Int
    /// p50 and p95 over the best of the `--limit` frontier that costs at most this strategy's realised requests
    /// (``BenchLimit/limit(atRequestsRatio:)``), each on its own; `nil` when the limit search did not run.
    public var toLimit: [Double?]?
    /// The `--limit` frontier policies at least as fast at p50 and p95 for no more requests, and better on one of
    /// the three (``BenchLimit/policies(beating:_:atRequestsRatio:)``), by name with their figures; `nil` when the
    /// limit search did not run.
    public var beatenBy: [String]?
    /// How much faster than this strategy the best single rule at its realised cost is on p50 and p95 at once
    /// (``BenchLimit/leadingRule(over:_:atRequestsRatio:)``): 1.02 says one rule is 2 % faster at both, 1 or
    /// less that none is faster at both; `nil` when the limit search did not run.
    public var leadOfBestRule: Double?
    /// That rule, by name with its figures.
    public var leadingRule: String?
    /// The limit's best rule at this strategy's realised cost (``BenchLimit/rule(atRequestsRatio:)``), by name with
    /// its figures; `nil` when the limit search did not run or no rule costs so little.
    public var limitRule: String?

    /// Summarises `results` of `strategy` against the sequential, bound and oracle results of the same world.
    public init(
        strategy: BenchStrategy, results: [BenchRequestResult], sequential: [BenchRequestResult],
        bound: BenchSummary, oracle: BenchSummary
    ) {
        let summary = BenchSummary(results)
        let sequentialSummary = BenchSummary(sequential)
        name = strategy.name
        isDefault = strategy.isDefault
        fillRate = summary.fillRate
        revenue = summary.revenue
        revenueRatio = Self.ratio(summary.revenue, sequentialSummary.revenue)
        p50Ms = summary.p50Ms
        p95Ms = summary.p95Ms
        p99Ms = summary.p99Ms
        let mine = [summary.p50Ms, summary.p95Ms, summary.p99Ms]
        timeToBound = zip(mine, [bound.p50Ms, bound.p95Ms, bound.p99Ms]).map(Self.ratio)
        timeToOracle = zip(mine, [oracle.p50Ms, oracle.p95Ms, oracle.p99Ms]).map(Self.ratio)
        let count = Double(max(results.count, 1))
        requestsPerLoad = Double(results.reduce(0) { $0 + $1.attempts }) / count
        let sequentialRequests = Double(sequential.reduce(0) { $0 + $1.attempts }) / Double(max(sequential.count, 1))
        requestsRatio = Self.ratio(requestsPerLoad, sequentialRequests)
        winnerMismatches = zip(results, sequential).count { $0.winner != $1.winner }
    }

    private static func ratio(_ value: Double?, _ reference: Double?) -> Double? {
        guard let value, let reference, reference > 0 else { return nil }
        return value / reference
    }
}
