import Foundation
import MediationCore
import Testing

@testable import MediationBench

@Suite struct BenchLimitFamilyTests {
    private static let timeout = Duration.seconds(3)

    private static func line(_ kind: BenchLineOutcome.Kind, _ ms: Int) -> BenchLineOutcome {
        BenchLineOutcome(kind: kind, latency: .milliseconds(ms), timeout: timeout)
    }

    @Test func theFamilyHoldsEveryBurstThenKeepRule() {
        let policies = Set(BenchLimit.gridPolicies(lineCount: 5))
        for burst in 1...5 {
            for keep in 1...5 { #expect(policies.contains(.burst(startAtOnce: burst, keep: keep))) }
        }
        #expect(policies.contains(.schedule(startAtOnce: 3, window: 2, lineCount: 5)))
        #expect(policies.contains(.hedge(delayMs: 500, maxInFlight: 2)))
        let large = BenchLimit.gridPolicies(lineCount: 40).filter { $0.family == .burst }
        #expect(large.count == BenchLimit.largestBurst * BenchLimit.largestBurst)
    }

    /// A burst of k lines kept at k in flight is the engine's `hedged(0 ms, k)`.
    @Test(arguments: [1, 2, 3, 8])
    func aBurstKeptAtItsSizeIsTheZeroDelayHedge(size: Int) throws {
        let workload = try #require(BenchWorkload.builtIn("many-hangs"))
        let world = BenchWorld(workload: workload, requests: 300)
        #expect(
            BenchLimitPolicy.burst(startAtOnce: size, keep: size).results(on: world)
                == BenchLimitPolicy.hedge(delayMs: 0, maxInFlight: size).results(on: world))
    }

    /// Lines 0…3 start at once; after that a line starts only while fewer than 2 load, wherever they are.
    @Test func aBurstStartsItsLinesThenKeepsItsCountInFlight() {
        let world = BenchWorld(
            requests: [
                // Lines 1–3 end at 300 ms while line 0 loads: line 4 starts then, fills at 400 ms, and is held
                // until line 0 ends at 400 ms; line 5 never starts (two lines no longer load at once).
                [
                    Self.line(.noFill, 400), Self.line(.noFill, 300), Self.line(.noFill, 300), Self.line(.noFill, 300),
                    Self.line(.fill, 100), Self.line(.noFill, 100),
                ],
                // Line 0 fills at 250 ms, before any other line ends: four lines requested.
                [
                    Self.line(.fill, 250), Self.line(.noFill, 300), Self.line(.noFill, 300), Self.line(.noFill, 300),
                    Self.line(.fill, 100), Self.line(.noFill, 100),
                ],
            ],
            prices: [6, 5, 4, 3, 2, 1])
        let results = BenchLimitPolicy.burst(startAtOnce: 4, keep: 2).results(on: world)
        #expect(results.map(\.winner) == [4, 0])
        #expect(results.map(\.timeToFill) == [.milliseconds(400), .milliseconds(250)])
        #expect(results.map(\.attempts) == [5, 4])
    }

    /// A world where only a count-based rule reaches the same-winner bound at its cost: whether line 4 is needed
    /// shows at 300 or 600 ms as lines 1–3 end while line 0 still loads, which no start time or window sees; a
    /// burst of 4 then 2 in flight starts line 4 exactly then. The search finds it.
    @Test func theSearchFindsAPlantedBurstRule() throws {
        func request(top: BenchLineOutcome, middle: Int) -> [BenchLineOutcome] {
            [top] + Array(repeating: Self.line(.noFill, middle), count: 3) + [
                Self.line(.fill, 100), Self.line(.noFill, 100), Self.line(.noFill, 100),
            ]
        }
        let kinds = [
            request(top: Self.line(.noFill, 400), middle: 300), request(top: Self.line(.noFill, 700), middle: 600),
            request(top: Self.line(.fill, 250), middle: 300), request(top: Self.line(.fill, 550), middle: 600),
        ]
        let world = BenchWorld(requests: (0..<200).map { kinds[$0 % 4] }, prices: [7, 6, 5, 4, 3, 2, 1])
        let planted = BenchLimitPolicy.burst(startAtOnce: 4, keep: 2)
        let plantedResults = planted.results(on: world)
        let bound = BenchSummary(world.requests.indices.map(world.bound))
        #expect(BenchSummary(plantedResults) == bound)
        let limit = BenchLimit(training: world, trainingSeed: 0, scoring: world, label: "planted")
        let sequentialAttempts = BenchLimitPolicy.schedule(startAtOnce: 1, window: 1, lineCount: 7)
            .results(on: world).reduce(0) { $0 + $1.attempts }
        let plantedCost = Double(plantedResults.reduce(0) { $0 + $1.attempts }) / Double(sequentialAttempts)
        let best = try #require(limit.rule(atRequestsRatio: plantedCost))
        #expect(best.policy == planted)
        #expect(best.p50Ms == bound.p50Ms && best.p95Ms == bound.p95Ms)
        // No rule of the other families reaches the bound at that cost.
        let world7 = BenchLimitWorld(world)
        for policy in BenchLimit.gridPolicies(lineCount: 7) where policy.family != .burst {
            let figures = world7.score(policy)
            let plantedAttempts = Double(sequentialAttempts) * plantedCost
            let cheapEnough = figures.requestsPerLoad * Double(world.requests.count) <= plantedAttempts + 1e-6
            #expect(!(cheapEnough && figures.p50Ms == bound.p50Ms && figures.p95Ms == bound.p95Ms), "\(policy.name)")
        }
    }

    /// The search trains on seed + 1 of the workload: none of its draws is a request it is scored on.
    @Test func theTrainingDrawsAreApartFromTheScoredOnes() throws {
        var workload = try #require(BenchWorkload.builtIn("healthy"))
        workload.requests = 200
        let run = try BenchRun(workload: workload, strategies: [BenchStrategy(.sequential)])
        let limit = BenchLimit(run: run)
        #expect(limit.trainingSeed != workload.seed)
        var training = workload
        training.seed = limit.trainingSeed
        let trainingWorld = BenchWorld(workload: training, requests: limit.trainingRequestCount)
        #expect(limit.trainingRequestCount == 200)
        #expect(Set(trainingWorld.requests).isDisjoint(with: Set(run.world.requests)))
        #expect(limit.policiesScored <= limit.policiesTrained)
    }

    /// A rule at least as fast for no more requests is named; one that costs more is not.
    @Test func theBestRuleAndTheRulesAtLeastAsFastRespectTheCost() throws {
        var workload = try #require(BenchWorkload.builtIn("one-slow-top"))
        workload.requests = 200
        let run = try BenchRun(
            workload: workload, strategies: [BenchStrategy(.sequential), BenchStrategy(.recommendedHedged)])
        let limit = BenchLimit(run: run)
        var report = run.report
        report.attach(limit)
        for strategy in report.strategies {
            let ratio = try #require(strategy.requestsRatio)
            let rule = try #require(limit.rule(atRequestsRatio: ratio))
            #expect(rule.requestsRatio <= ratio)
            #expect(strategy.limitRule?.hasPrefix(rule.name) == true)
            #expect(strategy.toLimit?.first == strategy.p50Ms.map { $0 / (rule.p50Ms ?? 1) })
            for point in limit.policies(beating: strategy.p50Ms, strategy.p95Ms, atRequestsRatio: ratio) {
                #expect(point.requestsRatio <= ratio)
                #expect((point.p50Ms ?? .infinity) <= (strategy.p50Ms ?? .infinity))
                #expect((point.p95Ms ?? .infinity) <= (strategy.p95Ms ?? .infinity))
            }
        }
    }

    /// A limit searched on a short run of `healthy`, for a test to give its own frontier.
    private static func handMadeLimit() throws -> BenchLimit {
        var small = try #require(BenchWorkload.builtIn("healthy"))
        small.requests = 200
        return BenchLimit(run: try BenchRun(workload: small, strategies: [BenchStrategy(.sequential)]))
    }

    /// A frontier point named `name` at (`p50`, `p95`) for `requests` × sequential.
    private static func point(_ name: String, _ p50: Double, _ p95: Double, _ requests: Double) -> BenchLimit.Point {
        BenchLimit.Point(
            name: name, policy: .hedge(delayMs: 0, maxInFlight: 1), p50Ms: p50, p95Ms: p95, requestsRatio: requests)
    }

    /// The per-quantile limit may take its p50 and its p95 from two rules; the leading rule is one rule, the one
    /// most ahead of the strategy on both quantiles at once among those the cost allows.
    @Test func theLeadingRuleIsOneRuleAheadOnBothQuantilesWithinTheCost() throws {
        var limit = try Self.handMadeLimit()
        let point = Self.point
        limit.frontier = [
            point("fast p50", 900, 3_500, 1.30), point("fast p95", 980, 3_036, 1.34),
            point("fast at both, too dear", 800, 2_000, 1.40),
        ]
        // The limit at 1.35: its p50 from one rule, its p95 from the other.
        let best = limit.limit(atRequestsRatio: 1.35)
        #expect(best.p50Ms == 900 && best.p95Ms == 3_036)
        // A strategy at (920, 3,342) is 1.022× and 1.101× that limit, yet no one rule is faster at both: "fast p50"
        // leads at p50 only (3,342 / 3,500 at p95), "fast p95" at p95 only (920 / 980 at p50).
        let leading = try #require(limit.leadingRule(over: 920, 3_342, atRequestsRatio: 1.35))
        #expect(leading.point.name == "fast p50")
        #expect(abs(leading.lead - 3_342.0 / 3_500) < 1e-12)
        // A strategy slower than "fast p50" at both: that rule leads by the smaller of its two leads.
        let behind = try #require(limit.leadingRule(over: 990, 3_850, atRequestsRatio: 1.35))
        #expect(behind.point.name == "fast p50")
        #expect(abs(behind.lead - 1.1) < 1e-12)
        // The dear rule counts once the cost allows it.
        let dear = try #require(limit.leadingRule(over: 920, 3_342, atRequestsRatio: 1.40))
        #expect(dear.point.name == "fast at both, too dear")
        #expect(abs(dear.lead - 920.0 / 800) < 1e-12)
        #expect(limit.leadingRule(over: 920, 3_342, atRequestsRatio: 1.0) == nil)
        #expect(limit.leadingRule(over: nil, 3_342, atRequestsRatio: 1.35) == nil)
    }

    /// The limit at a cost takes each quantile from the best rule for it; the rules reaching it are those within
    /// 2 % of both at once for no more than that cost, none when its two quantiles come from rules far apart.
    @Test func theRulesReachingTheLimitAreWithinItAtBothQuantilesForNoMore() throws {
        var limit = try Self.handMadeLimit()
        let point = Self.point
        limit.frontier = [
            point("cheap", 1_000, 3_000, 1.20), point("fast p50 only", 900, 3_500, 1.33),
            point("near both", 905, 3_010, 1.34), point("fast at both, dear", 800, 2_000, 1.40),
        ]
        func names(_ cost: Double, tolerance: Double = 0.02) -> [String] {
            limit.rulesReachingTheLimit(atRequestsRatio: cost, tolerance: tolerance).map(\.name)
        }
        // At 1.35 the limit is (900, 3,000): "near both" is 1.006× and 1.003× it; "cheap" is 1.11× at p50 and
        // "fast p50 only" 1.17× at p95.
        #expect(names(1.35) == ["near both"])
        #expect(names(1.30) == ["cheap"])
        #expect(names(1.40) == ["fast at both, dear"])
        #expect(names(1.0).isEmpty)
        #expect(names(1.35, tolerance: 0.2) == ["cheap", "fast p50 only", "near both"])
        // Two rules far apart at 1.35: the limit (900, 3,036) is a point neither reaches within 2 %.
        limit.frontier = [point("fast p50", 900, 3_500, 1.30), point("fast p95", 980, 3_036, 1.34)]
        #expect(names(1.35).isEmpty)
    }
}
