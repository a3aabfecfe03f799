import Foundation

/// `mediation bench --limit`: the best a policy can do that knows the workload's latency and fill distributions but
/// not a load's outcomes, as a frontier of p50, p95 and requests.
///
/// The search runs on a training world (the workload drawn from seed + 1, at most ``trainingRequests`` requests)
/// over three families of ``BenchLimitPolicy``: every schedule "lines 0…m−1 at t = 0, then k ahead", every fixed
/// hedge of `--frontier`, and per-line start times found by coordinate descent on a grid, one descent per weighting
/// of p50, p95 and requests. Every policy found is then scored on the bench's own world (the requests the
/// strategies ran), and the frontier is the scored policies no other scored policy matches or beats on all three.
public struct BenchLimit: Codable, Sendable, Hashable {
    /// One scored policy.
    public struct Point: Codable, Sendable, Hashable {
        /// The policy's name (``BenchLimitPolicy/name``).
        public var name: String
        /// The policy.
        public var policy: BenchLimitPolicy
        /// Median time to fill in milliseconds.
        public var p50Ms: Double?
        /// 95th percentile time to fill in milliseconds.
        public var p95Ms: Double?
        /// Line requests per load over sequential's on the same world.
        public var requestsRatio: Double
    }

    /// Requests of the training world at most: 2,000.
    public static let trainingRequests = 2_000
    /// The start times tried per line, in milliseconds (`nil`: only when it enters the window).
    public static let startGridMs: [Int?] = [
        0, 25, 50, 100, 150, 200, 250, 300, 400, 500, 650, 800, 1000, 1250, 1500, 2000, 2500, 3000, nil,
    ]
    /// The weights of p95 (against p50) tried by the start-time descent.
    public static let p95Weights = [0.2, 1.0, 3.0]
    /// The prices of one request × sequential's tried by the start-time descent.
    public static let requestPrices = [0.0, 0.03, 0.06, 0.1, 0.15, 0.2, 0.3, 0.45, 0.6, 0.8, 1.0, 1.5, 2.5]

    /// The seed the policies were trained on.
    public var trainingSeed: UInt64
    /// Requests in the training world.
    public var trainingRequestCount: Int
    /// Policies scored.
    public var policiesScored: Int
    /// The same-winner bound's p50 and p95 on the scored world, in milliseconds.
    public var boundP50Ms: Double?
    /// The same-winner bound's p95.
    public var boundP95Ms: Double?
    /// The frontier, cheapest first.
    public var frontier: [Point]

    /// Searches the policies for `run`'s workload; `progress` receives a line now and then.
    public init(run: BenchRun, progress: (@Sendable (String) -> Void)? = nil) {
        var training = run.workload
        training.seed = run.workload.seed &+ 1
        trainingSeed = training.seed
        let trainWorld = BenchLimitWorld(
            BenchWorld(workload: training, requests: min(Self.trainingRequests, run.workload.requests)))
        trainingRequestCount = trainWorld.requestCount
        let lineCount = trainWorld.lineCount
        var candidates: [BenchLimitPolicy] = []
        for startAtOnce in 1...max(lineCount, 1) {
            for window in 1...max(lineCount, 1) where window <= startAtOnce {
                candidates.append(.schedule(startAtOnce: startAtOnce, window: window, lineCount: lineCount))
            }
        }
        for delay in BenchFrontier.delaysMs {
            for limit in BenchFrontier.limits { candidates.append(.hedge(delayMs: delay, maxInFlight: limit)) }
        }
        let sequentialRequests = trainWorld.score(.schedule(startAtOnce: 1, window: 1, lineCount: lineCount))
            .requestsPerLoad
        let trained = Self.trainBound(trainWorld)
        var scoredSchedules: [(BenchLimitPolicy, (p50Ms: Double?, p95Ms: Double?, requestsPerLoad: Double))] =
            candidates.filter { $0.family == .schedule }.map { ($0, trainWorld.score($0)) }
        scoredSchedules.sort { $0.1.requestsPerLoad < $1.1.requestsPerLoad }
        for weight in Self.p95Weights {
            for price in Self.requestPrices {
                progress?("bench \(run.workload.name): limit, p95 weight \(weight), request price \(price)")
                func cost(_ figures: (p50Ms: Double?, p95Ms: Double?, requestsPerLoad: Double)) -> Double {
                    (figures.p50Ms ?? 0) / trained.p50 + weight * (figures.p95Ms ?? 0) / trained.p95
                        + price * figures.requestsPerLoad / max(sequentialRequests, 1e-9)
                }
                let start =
                    scoredSchedules.min { cost($0.1) < cost($1.1) }?.0
                    ?? .schedule(startAtOnce: 1, window: 1, lineCount: lineCount)
                candidates.append(Self.descend(from: start, on: trainWorld, cost: cost))
            }
        }
        let world = BenchLimitWorld(run.world)
        let scoredSequential = world.score(.schedule(startAtOnce: 1, window: 1, lineCount: lineCount)).requestsPerLoad
        var points: [Point] = []
        for policy in Set(candidates) {
            let figures = world.score(policy)
            points.append(
                Point(
                    name: policy.name, policy: policy, p50Ms: figures.p50Ms, p95Ms: figures.p95Ms,
                    requestsRatio: figures.requestsPerLoad / max(scoredSequential, 1e-9)))
        }
        policiesScored = Set(candidates).count
        let bound = BenchSummary(run.bound)
        boundP50Ms = bound.p50Ms
        boundP95Ms = bound.p95Ms
        // Policies with the same figures are one point: the first in a fixed order (schedules, then start times,
        // then hedges, each by name) stands for them.
        let order: [BenchLimitPolicy.Family] = [.schedule, .startTimes, .hedge]
        points.sort {
            (order.firstIndex(of: $0.policy.family) ?? 0, $0.name) < (
                order.firstIndex(of: $1.policy.family) ?? 0, $1.name
            )
        }
        var distinct: [Point] = []
        for point in points
        where !distinct.contains(where: {
            $0.p50Ms == point.p50Ms && $0.p95Ms == point.p95Ms && $0.requestsRatio == point.requestsRatio
        }) {
            distinct.append(point)
        }
        points = distinct
        frontier = points.filter { point in
            !points.contains { other in
                let better = [
                    Self.compare(other.p50Ms, point.p50Ms), Self.compare(other.p95Ms, point.p95Ms),
                    Self.compare(other.requestsRatio, point.requestsRatio),
                ]
                return better.allSatisfy { $0 <= 0 } && better.contains { $0 < 0 }
            }
        }
        .sorted { ($0.requestsRatio, $0.p50Ms ?? 0, $0.name) < ($1.requestsRatio, $1.p50Ms ?? 0, $1.name) }
    }

    /// The best p50 and the best p95 (each on its own) of a frontier policy that costs at most `requestsRatio`
    /// (× sequential, with 0.5 % slack for the rounding of costs), in milliseconds.
    public func limit(atRequestsRatio requestsRatio: Double) -> (p50Ms: Double?, p95Ms: Double?) {
        let affordable = frontier.filter { $0.requestsRatio <= requestsRatio * 1.005 }
        return (affordable.compactMap(\.p50Ms).min(), affordable.compactMap(\.p95Ms).min())
    }

    /// The frontier policies that cost at most `requestsRatio` (× sequential, 0.5 % slack as in
    /// ``limit(atRequestsRatio:)``) and beat `p50Ms` and `p95Ms` together: no worse on either, better on one.
    public func policies(beating p50Ms: Double?, _ p95Ms: Double?, atRequestsRatio requestsRatio: Double) -> [Point] {
        frontier.filter { point in
            guard point.requestsRatio <= requestsRatio * 1.005 else { return false }
            let order = [Self.compare(point.p50Ms, p50Ms), Self.compare(point.p95Ms, p95Ms)]
            return order.allSatisfy { $0 <= 0 } && order.contains { $0 < 0 }
        }
    }

    /// The frontier as Markdown.
    public func table() -> String {
        var lines = [
            "limit (\(policiesScored) policies trained on seed \(trainingSeed), \(trainingRequestCount) requests; "
                + "scored on the bench's world): the frontier of p50, p95 and requests",
            "", "| policy | p50 ms (× bound) | p95 ms (× bound) | requests × seq |", "| --- | --- | --- | --- |",
        ]
        for point in frontier {
            lines.append(
                "| \(point.name) | \(Self.format(point.p50Ms)) (\(Self.ratio(point.p50Ms, boundP50Ms))) | "
                    + "\(Self.format(point.p95Ms)) (\(Self.ratio(point.p95Ms, boundP95Ms))) | "
                    + String(format: "%.2f", point.requestsRatio) + " |")
        }
        return lines.joined(separator: "\n")
    }

    /// The training world's bound p50 and p95 in ms (the units of the descent's cost).
    private static func trainBound(_ world: BenchLimitWorld) -> (p50: Double, p95: Double) {
        let all = world.score(
            .schedule(startAtOnce: world.lineCount, window: world.lineCount, lineCount: world.lineCount))
        return (max(all.p50Ms ?? 1, 1e-3), max(all.p95Ms ?? 1, 1e-3))
    }

    /// Coordinate descent over each line's start time (line 0 always starts at once) and the window, from `start`.
    private static func descend(
        from start: BenchLimitPolicy, on world: BenchLimitWorld,
        cost: ((p50Ms: Double?, p95Ms: Double?, requestsPerLoad: Double)) -> Double
    ) -> BenchLimitPolicy {
        var best = BenchLimitPolicy.startTimes(start.startMs, window: start.window)
        var bestCost = cost(world.score(best))
        for _ in 0..<2 {
            var improved = false
            for window in 1...min(4, world.lineCount) where window != best.window {
                var trial = best
                trial.window = window
                let trialCost = cost(world.score(trial))
                if trialCost < bestCost {
                    best = trial
                    bestCost = trialCost
                    improved = true
                }
            }
            for line in 1..<world.lineCount {
                for value in startGridMs where value != best.startMs[line] {
                    var trial = best
                    trial.startMs[line] = value
                    let trialCost = cost(world.score(trial))
                    if trialCost < bestCost {
                        best = trial
                        bestCost = trialCost
                        improved = true
                    }
                }
            }
            if !improved { break }
        }
        return best
    }

    /// -1, 0 or 1 as `value` is below, equal to or above `reference` (a missing figure counts as worst).
    private static func compare(_ value: Double?, _ reference: Double?) -> Int {
        switch (value, reference) {
        case (let value?, let reference?): value < reference ? -1 : (value > reference ? 1 : 0)
        case (nil, nil): 0
        case (nil, _): 1
        case (_, nil): -1
        }
    }

    private static func format(_ value: Double?) -> String { value.map { String(format: "%.1f", $0) } ?? "–" }

    private static func ratio(_ value: Double?, _ reference: Double?) -> String {
        guard let value, let reference, reference > 0 else { return "–" }
        return String(format: "%.2f", value / reference)
    }
}
