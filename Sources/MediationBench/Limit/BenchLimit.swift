import Foundation
import MediationCore
import MediationSupport

/// `mediation bench --limit`: the best a policy can do that knows the workload's latency and fill distributions but
/// not a load's outcomes, as a frontier of p50, p95 and requests.
///
/// The search runs on a training world (the workload drawn from seed + 1, at most ``trainingRequests`` requests,
/// none of them the draws it is scored on) over four families of ``BenchLimitPolicy``: every schedule "lines
/// 0…m−1 at t = 0, then k ahead", every count-based rule "a burst of m lines, then k in flight" (m, k ≤
/// ``largestBurst``), every fixed hedge of `--frontier`, and per-line start times found by coordinate descent on a
/// grid, one descent per weighting of p50, p95 and requests. The policies on the training world's frontier are then
/// scored on the bench's own world (the requests the strategies ran), and the frontier is the scored policies no
/// other scored policy matches or beats on all three.
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
    /// The largest burst and in-flight count of the count-based rules.
    public static let largestBurst = 16
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
    /// Policies tried on the training world.
    public var policiesTrained: Int
    /// Policies on the training world's frontier, scored on the bench's world.
    public var policiesScored: Int
    /// The same-winner bound's p50 and p95 on the scored world, in milliseconds.
    public var boundP50Ms: Double?
    /// The same-winner bound's p95.
    public var boundP95Ms: Double?
    /// The frontier, cheapest first.
    public var frontier: [Point]

    /// Searches the policies for `run`'s workload (trained on its seed + 1, scored on `run`'s world); `progress`
    /// receives a line now and then.
    public init(run: BenchRun, progress: (@Sendable (String) -> Void)? = nil) {
        var training = run.workload
        training.seed = run.workload.seed &+ 1
        self.init(
            training: BenchWorld(workload: training, requests: min(Self.trainingRequests, run.workload.requests)),
            trainingSeed: training.seed, scoring: run.world, label: run.workload.name, progress: progress)
    }

    /// Searches the policies on `training` (drawn from `trainingSeed`) and scores the training frontier on
    /// `scoring`; `label` names the search in `progress`.
    package init(
        training: BenchWorld, trainingSeed: UInt64, scoring: BenchWorld, label: String,
        progress: (@Sendable (String) -> Void)? = nil
    ) {
        self.trainingSeed = trainingSeed
        let trainWorld = BenchLimitWorld(training)
        trainingRequestCount = trainWorld.requestCount
        let lineCount = trainWorld.lineCount
        var candidates = Self.gridPolicies(lineCount: lineCount)
        let sequentialRequests = trainWorld.score(.schedule(startAtOnce: 1, window: 1, lineCount: lineCount))
            .requestsPerLoad
        let trained = Self.trainBound(trainWorld)
        let scoredSchedules: [(BenchLimitPolicy, (p50Ms: Double?, p95Ms: Double?, requestsPerLoad: Double))] =
            candidates.filter { $0.family == .schedule }.map { ($0, trainWorld.score($0)) }
            .sorted { $0.1.requestsPerLoad < $1.1.requestsPerLoad }
        let weightings = Self.p95Weights.flatMap { weight in Self.requestPrices.map { (weight, $0) } }
        let descended = Locked<[Int: BenchLimitPolicy]>([:])
        progress?("bench \(label): limit, \(weightings.count) start-time descents on \(trainWorld.requestCount) loads")
        DispatchQueue.concurrentPerform(iterations: weightings.count) { index in
            let (weight, price) = weightings[index]
            func cost(_ figures: (p50Ms: Double?, p95Ms: Double?, requestsPerLoad: Double)) -> Double {
                (figures.p50Ms ?? 0) / trained.p50 + weight * (figures.p95Ms ?? 0) / trained.p95
                    + price * figures.requestsPerLoad / max(sequentialRequests, 1e-9)
            }
            let start =
                scoredSchedules.min { cost($0.1) < cost($1.1) }?.0
                ?? .schedule(startAtOnce: 1, window: 1, lineCount: lineCount)
            let found = Self.descend(from: start, on: trainWorld, cost: cost)
            descended.withLock { $0[index] = found }
        }
        candidates += descended.current.sorted { $0.key < $1.key }.map(\.value)
        let distinctCandidates = Self.ordered(Array(Set(candidates)))
        policiesTrained = distinctCandidates.count
        let trainSequential = max(sequentialRequests, 1e-9)
        let trainPoints = distinctCandidates.map { policy in
            let figures = trainWorld.score(policy)
            return Point(
                name: policy.name, policy: policy, p50Ms: figures.p50Ms, p95Ms: figures.p95Ms,
                requestsRatio: figures.requestsPerLoad / trainSequential)
        }
        let selected = Self.pareto(trainPoints)
        policiesScored = selected.count
        progress?("bench \(label): limit, \(selected.count) of \(policiesTrained) policies scored")
        let world = BenchLimitWorld(scoring)
        let scoredSequential = world.score(.schedule(startAtOnce: 1, window: 1, lineCount: lineCount)).requestsPerLoad
        let points = selected.map { point in
            let figures = world.score(point.policy)
            return Point(
                name: point.name, policy: point.policy, p50Ms: figures.p50Ms, p95Ms: figures.p95Ms,
                requestsRatio: figures.requestsPerLoad / max(scoredSequential, 1e-9))
        }
        let bound = BenchSummary(scoring.requests.indices.map(scoring.bound))
        boundP50Ms = bound.p50Ms
        boundP95Ms = bound.p95Ms
        frontier = Self.pareto(points)
            .sorted { ($0.requestsRatio, $0.p50Ms ?? 0, $0.name) < ($1.requestsRatio, $1.p50Ms ?? 0, $1.name) }
    }

    /// Every schedule, count-based rule and fixed hedge for `lineCount` lines.
    static func gridPolicies(lineCount: Int) -> [BenchLimitPolicy] {
        var candidates: [BenchLimitPolicy] = []
        let lines = max(lineCount, 1)
        for startAtOnce in 1...lines {
            for window in 1...startAtOnce {
                candidates.append(.schedule(startAtOnce: startAtOnce, window: window, lineCount: lineCount))
            }
        }
        for burst in 1...min(lines, Self.largestBurst) {
            for keep in 1...min(lines, Self.largestBurst) {
                candidates.append(.burst(startAtOnce: burst, keep: keep))
            }
        }
        for delay in BenchFrontier.delaysMs {
            for limit in BenchFrontier.limits { candidates.append(.hedge(delayMs: delay, maxInFlight: limit)) }
        }
        return candidates
    }

    /// `policies` in a fixed order: schedules, hedges, count-based rules, then start times, each by name.
    private static func ordered(_ policies: [BenchLimitPolicy]) -> [BenchLimitPolicy] {
        let order: [BenchLimitPolicy.Family] = [.schedule, .hedge, .burst, .startTimes]
        return policies.sorted {
            (order.firstIndex(of: $0.family) ?? 0, $0.name) < (order.firstIndex(of: $1.family) ?? 0, $1.name)
        }
    }

    /// The points no other point matches or beats on p50, p95 and requests; of points with the same figures,
    /// the first in `points`' order stands for them.
    private static func pareto(_ points: [Point]) -> [Point] {
        var distinct: [Point] = []
        for point in points
        where !distinct.contains(where: {
            $0.p50Ms == point.p50Ms && $0.p95Ms == point.p95Ms && $0.requestsRatio == point.requestsRatio
        }) {
            distinct.append(point)
        }
        return distinct.filter { point in
            !distinct.contains { other in
                let better = [
                    Self.compare(other.p50Ms, point.p50Ms), Self.compare(other.p95Ms, point.p95Ms),
                    Self.compare(other.requestsRatio, point.requestsRatio),
                ]
                return better.allSatisfy { $0 <= 0 } && better.contains { $0 < 0 }
            }
        }
    }

    /// The best p50 and the best p95 (each on its own) of a frontier policy that costs at most `requestsRatio`
    /// (× sequential), in milliseconds.
    public func limit(atRequestsRatio requestsRatio: Double) -> (p50Ms: Double?, p95Ms: Double?) {
        let affordable = frontier.filter { $0.requestsRatio <= requestsRatio }
        return (affordable.compactMap(\.p50Ms).min(), affordable.compactMap(\.p95Ms).min())
    }

    /// The best rule at a cost: the frontier policy of least p50 (then least p95) that costs at most
    /// `requestsRatio` (× sequential).
    public func rule(atRequestsRatio requestsRatio: Double) -> Point? {
        frontier.filter { $0.requestsRatio <= requestsRatio && $0.p50Ms != nil }.min {
            ($0.p50Ms ?? 0, $0.p95Ms ?? .infinity) < ($1.p50Ms ?? 0, $1.p95Ms ?? .infinity)
        }
    }

    /// The rule that beats a strategy's `p50Ms` and `p95Ms` by the most on both quantiles at once, among the
    /// frontier policies costing at most `requestsRatio` (× sequential): the one of largest
    /// `min(p50Ms / its p50, p95Ms / its p95)`, with that lead (the multiplicative ε-indicator of the strategy
    /// against the frontier).
    ///
    /// ``limit(atRequestsRatio:)`` may take its p50 from one rule and its p95 from another, a point no single
    /// rule reaches. A lead of 1.02 says one rule the strategy could have been instead is 2 % faster at both
    /// quantiles; 1 or less, that no rule at that cost is faster at both. `nil` when no rule with both quantiles
    /// costs so little, or the strategy has no p50 or p95.
    public func leadingRule(
        over p50Ms: Double?, _ p95Ms: Double?, atRequestsRatio requestsRatio: Double
    ) -> (point: Point, lead: Double)? {
        guard let p50Ms, let p95Ms else { return nil }
        var leading: (point: Point, lead: Double)?
        for point in frontier where point.requestsRatio <= requestsRatio {
            guard let ruleP50 = point.p50Ms, let ruleP95 = point.p95Ms, ruleP50 > 0, ruleP95 > 0 else { continue }
            let lead = min(p50Ms / ruleP50, p95Ms / ruleP95)
            if leading.map({ lead > $0.lead }) ?? true { leading = (point, lead) }
        }
        return leading
    }

    /// The frontier policies at least as fast as `p50Ms` and `p95Ms` for no more than `requestsRatio` (×
    /// sequential), and better on one of the three.
    public func policies(beating p50Ms: Double?, _ p95Ms: Double?, atRequestsRatio requestsRatio: Double) -> [Point] {
        frontier.filter { point in
            let order = [
                Self.compare(point.p50Ms, p50Ms), Self.compare(point.p95Ms, p95Ms),
                Self.compare(point.requestsRatio, requestsRatio),
            ]
            return order.allSatisfy { $0 <= 0 } && order.contains { $0 < 0 }
        }
    }

    /// The frontier policies that reach the limit at a cost on their own: costing at most `requestsRatio` (×
    /// sequential) and within `tolerance` of both quantiles of ``limit(atRequestsRatio:)`` there.
    ///
    /// The limit takes its p50 from the best rule at p50 and its p95 from the best at p95, a point no single rule
    /// may reach. Empty then: no rule of the family is within `tolerance` of the limit at both quantiles at that
    /// cost, so a strategy that misses it there is not behind any one rule the limit knows.
    public func rulesReachingTheLimit(atRequestsRatio requestsRatio: Double, tolerance: Double = 0.02) -> [Point] {
        let best = limit(atRequestsRatio: requestsRatio)
        guard let bestP50 = best.p50Ms, let bestP95 = best.p95Ms else { return [] }
        return frontier.filter { point in
            guard point.requestsRatio <= requestsRatio, let p50 = point.p50Ms, let p95 = point.p95Ms else {
                return false
            }
            return p50 <= bestP50 * (1 + tolerance) && p95 <= bestP95 * (1 + tolerance)
        }
    }

    /// The frontier as Markdown.
    public func table() -> String {
        var lines = [
            "limit (\(policiesTrained) policies tried on seed \(trainingSeed), \(trainingRequestCount) requests; "
                + "the \(policiesScored) on that frontier scored on the bench's world): the frontier of p50, p95 "
                + "and requests",
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
