import Foundation
import MediationCore

/// The trade-off report of `mediation bench --frontier`: every fixed `hedged(d, k)` (d in 0, 100, 200, 300,
/// 500, 750, 1,000 ms; k in 1…8) run over the same world, each compared with the adaptive strategy on p50 time
/// to fill and on requests per load.
public struct BenchFrontier: Codable, Sendable, Hashable {
    /// One fixed hedge's figures.
    public struct Point: Codable, Sendable, Hashable {
        /// The strategy's name.
        public var name: String
        /// The hedge delay in milliseconds.
        public var delayMs: Int
        /// The in-flight limit.
        public var maxInFlight: Int
        /// Median time to fill, in milliseconds.
        public var p50Ms: Double?
        /// p50 over the same-winner bound's.
        public var p50ToBound: Double?
        /// Requests per load over sequential's.
        public var requestsRatio: Double?
        /// Whether the point is on the Pareto frontier of the fixed hedges (no other hedge is at least as
        /// fast and as cheap, and better in one).
        public var isOnFrontier: Bool
        /// Whether it is both faster at p50 and cheaper in requests than the adaptive strategy.
        public var beatsAdaptive: Bool
    }

    /// The hedge delays tried, in milliseconds.
    public static let delaysMs = [0, 100, 200, 300, 500, 750, 1000]
    /// The in-flight limits tried.
    public static let limits = Array(1...8)

    /// The adaptive strategy the hedges are compared with.
    public var adaptive: String
    /// Its p50 in milliseconds.
    public var adaptiveP50Ms: Double?
    /// Its p50 over the bound's.
    public var adaptiveP50ToBound: Double?
    /// Its requests per load over sequential's.
    public var adaptiveRequestsRatio: Double?
    /// Every fixed hedge.
    public var points: [Point]

    /// The names of the hedges that beat the adaptive strategy on both counts (empty when none does).
    public var dominating: [String] { points.filter(\.beatsAdaptive).map(\.name) }

    /// Runs every fixed hedge over `run`'s world and compares it with `run`'s learned adaptive strategy (or
    /// ``MediationStrategy/recommendedAdaptive``, run here, when `run` has none).
    ///
    /// - Throws: ``BenchRunError`` when a run does not finish.
    public init(run: BenchRun, progress: (@Sendable (String) -> Void)? = nil) throws(BenchRunError) {
        let runner = BenchRunner(world: run.world)
        let bound = BenchSummary(run.bound)
        let oracle = BenchSummary(run.oracle)
        let sequential = run.sequential
        let adaptiveEntry = run.strategies.first {
            $0.strategy.strategy.isLearned && $0.strategy.strategy.keepsSequentialWinner
        }
        let adaptiveStrategy = adaptiveEntry?.strategy ?? BenchStrategy(.recommendedAdaptive)
        let adaptiveResults: [BenchRequestResult]
        if let adaptiveEntry {
            adaptiveResults = adaptiveEntry.results
        } else {
            adaptiveResults = try runner.run(adaptiveStrategy)
        }
        let adaptiveSummary = BenchStrategySummary(
            strategy: adaptiveStrategy, results: adaptiveResults, sequential: sequential, bound: bound, oracle: oracle)
        adaptive = adaptiveStrategy.name
        adaptiveP50Ms = adaptiveSummary.p50Ms
        adaptiveP50ToBound = adaptiveSummary.timeToBound.first ?? nil
        adaptiveRequestsRatio = adaptiveSummary.requestsRatio
        var points: [Point] = []
        for delay in Self.delaysMs {
            for limit in Self.limits {
                guard let hedge = try? MediationStrategy.hedged(after: .milliseconds(delay), maxInFlight: limit)
                else { continue }
                let strategy = BenchStrategy(hedge)
                progress?("bench \(run.workload.name): frontier \(strategy.name)")
                let results = try runner.run(strategy)
                let summary = BenchStrategySummary(
                    strategy: strategy, results: results, sequential: sequential, bound: bound, oracle: oracle)
                let faster = Self.less(summary.p50Ms, adaptiveSummary.p50Ms)
                let cheaper = Self.less(summary.requestsRatio, adaptiveSummary.requestsRatio)
                points.append(
                    Point(
                        name: strategy.name, delayMs: delay, maxInFlight: limit, p50Ms: summary.p50Ms,
                        p50ToBound: summary.timeToBound.first ?? nil, requestsRatio: summary.requestsRatio,
                        isOnFrontier: false, beatsAdaptive: faster && cheaper))
            }
        }
        for index in points.indices {
            let point = points[index]
            points[index].isOnFrontier = !points.contains { other in
                guard let p50 = other.p50Ms, let requests = other.requestsRatio, let mine = point.p50Ms,
                    let myRequests = point.requestsRatio
                else { return false }
                return p50 <= mine && requests <= myRequests && (p50 < mine || requests < myRequests)
            }
        }
        self.points = points
    }

    /// The report as Markdown: the verdict, then the fixed hedges on the frontier.
    public func table() -> String {
        let verdict =
            dominating.isEmpty
            ? "no fixed hedge is both faster at p50 and cheaper in requests than \(adaptive)"
            : "faster at p50 and cheaper in requests than \(adaptive): \(dominating.joined(separator: ", "))"
        var lines = [
            "frontier (\(points.count) fixed hedges): \(verdict)", "",
            "| strategy | p50 ms | p50 / bound | requests × seq | beats adaptive |", "| --- | --- | --- | --- | --- |",
            "| \(adaptive) | \(Self.format(adaptiveP50Ms, "%.1f")) | \(Self.format(adaptiveP50ToBound, "%.2f")) | "
                + "\(Self.format(adaptiveRequestsRatio, "%.2f")) | — |",
        ]
        var frontier: [Point] = []
        for point in points where point.isOnFrontier {
            // Hedges with the same figures (the same behaviour on this world) are listed once, the first tried.
            if !frontier.contains(where: { $0.p50Ms == point.p50Ms && $0.requestsRatio == point.requestsRatio }) {
                frontier.append(point)
            }
        }
        frontier.sort { ($0.requestsRatio ?? 0) < ($1.requestsRatio ?? 0) }
        for point in frontier {
            lines.append(
                "| \(point.name) | \(Self.format(point.p50Ms, "%.1f")) | \(Self.format(point.p50ToBound, "%.2f")) | "
                    + "\(Self.format(point.requestsRatio, "%.2f")) | \(point.beatsAdaptive ? "yes" : "no") |")
        }
        return lines.joined(separator: "\n")
    }

    private static func less(_ value: Double?, _ reference: Double?) -> Bool {
        guard let value, let reference else { return false }
        return value < reference
    }

    private static func format(_ value: Double?, _ format: String) -> String {
        value.map { String(format: format, $0) } ?? "–"
    }
}
