/// The figures of one set of request results: fill rate, revenue and time-to-fill percentiles (fills only).
public struct BenchSummary: Codable, Sendable, Hashable {
    /// Filled requests over all requests.
    public var fillRate: Double
    /// The sum of the winning lines' prices.
    public var revenue: Double
    /// Median time to fill, in milliseconds; `nil` when nothing filled.
    public var p50Ms: Double?
    /// 95th percentile time to fill, in milliseconds.
    public var p95Ms: Double?
    /// 99th percentile time to fill, in milliseconds.
    public var p99Ms: Double?

    /// Summarises `results`.
    public init(_ results: [BenchRequestResult]) {
        let times = results.compactMap(\.timeToFill).map { $0 / .milliseconds(1) }.sorted()
        fillRate = results.isEmpty ? 0 : Double(times.count) / Double(results.count)
        revenue = results.reduce(0) { $0 + $1.revenue }
        p50Ms = BenchPercentile.nearestRank(50, of: times)
        p95Ms = BenchPercentile.nearestRank(95, of: times)
        p99Ms = BenchPercentile.nearestRank(99, of: times)
    }
}
