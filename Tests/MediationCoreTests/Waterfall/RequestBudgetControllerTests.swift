import Foundation
import MediationTesting
import Testing

@testable import MediationCore

/// The adaptive strategy's request-budget controller: the integral rule, and the budget kept on a deterministic
/// simulated workload (virtual clock, one statistics store shared by the loads, as a host's would be).
@Suite struct RequestBudgetControllerTests {
    /// A stationary world of six networks: each load draws every line's outcome from the same distributions
    /// (a third of the lines hang until their 1 s timeout; the others fill or answer no fill after 50–800 ms).
    private static func load(_ index: Int, random: inout SeededGenerator) -> RandomWaterfall {
        var lines: [WaterfallLine] = []
        var scripts: [String: CustomEventScript] = [:]
        let fillRates = [0.35, 0.3, 0.4, 0.3, 0.5, 0.6]
        let hangRates = [0.3, 0.35, 0.25, 0.3, 0.2, 0.1]
        for (line, fillRate) in fillRates.enumerated() {
            let identifier = "N\(line)"
            let draw = Double.random(in: 0..<1, using: &random)
            let latency = Duration.milliseconds(Int64.random(in: 50...800, using: &random))
            let outcome: CustomEventScript.Outcome =
                draw < hangRates[line]
                ? .never
                : draw < hangRates[line] + fillRate
                    ? .fill(Fixture.properties(identifier)) : .fail(.noFill)
            scripts[identifier] = CustomEventScript(outcome, latency: latency)
            lines.append(WaterfallLine(customEventIdentifier: identifier, timeout: .seconds(1)))
        }
        return RandomWaterfall(copying: lines, scripts)
    }

    @Test func theCumulatedExcessIsTheMoveOfTheStateOverTheGain() {
        var controller = RequestBudgetController(requestBudget: 1.35)
        var random = SeededGenerator(seed: 7)
        var excess = 0.0
        for _ in 0..<500 {
            // Loads that spend about the budget (3 × 1.35 = 4.05 against 4 on average), so that θ stays inside its
            // bounds and the identity holds exactly.
            let sequential = Int.random(in: 2...4, using: &random)
            let requests = sequential + Int.random(in: 0...2, using: &random)
            controller.record(requests: requests, sequentialRequests: sequential)
            excess += Double(requests) - 1.35 * Double(sequential)
            #expect(RequestBudgetController.bounds.contains(controller.logScale))
        }
        #expect(controller.logScale > RequestBudgetController.bounds.lowerBound)
        #expect(controller.logScale < RequestBudgetController.bounds.upperBound)
        #expect(abs(excess + controller.logScale / RequestBudgetController.gain) < 1e-6)
        // Spending under the budget over the span grew the allowance; over it would have shrunk it.
        #expect((excess < 0) == (controller.allowanceScale > 1))
        #expect(controller.requests > 0 && controller.sequentialRequests > 0)
    }

    @Test func overspendingShrinksTheAllowanceAndUnderspendingGrowsIt() {
        var over = RequestBudgetController(requestBudget: 1.35)
        over.record(requests: 4, sequentialRequests: 2)
        #expect(over.allowanceScale < 1)
        var under = RequestBudgetController(requestBudget: 1.35)
        under.record(requests: 2, sequentialRequests: 2)
        #expect(under.allowanceScale > 1)
        var saturated = RequestBudgetController(requestBudget: 1)
        for _ in 0..<1000 { saturated.record(requests: 8, sequentialRequests: 1) }
        #expect(saturated.logScale == RequestBudgetController.bounds.lowerBound)
    }

    @Test(arguments: [1.2, 1.35, 1.6])
    func adaptiveKeepsItsBudgetWithinTwoPercentOnASimulatedWorkload(budget: Double) throws {
        let statistics = NetworkStatisticsStore()
        let strategy = try MediationStrategy.adaptive(requestBudget: budget)
        var random = SeededGenerator(seed: 2026)
        var requests = 0
        var sequentialRequests = 0
        for index in 0..<1500 {
            let load = Self.load(index, random: &random)
            let sequential = try load.run(.sequential)
            let adaptive = try load.run(strategy, statistics: statistics)
            #expect(adaptive.winner == sequential.winner, "load \(index): winner")
            requests += adaptive.requests
            sequentialRequests += sequential.requests
        }
        let realised = Double(requests) / Double(sequentialRequests)
        #expect(abs(realised / budget - 1) <= 0.02, "budget \(budget): realised \(realised)")
        // The store's controller saw the same loads.
        let recorded = try #require(statistics.realisedRequestRatio(requestBudget: budget))
        #expect(abs(recorded - realised) < 1e-9)
    }

    @Test func removeAllForgetsTheControllers() {
        let statistics = NetworkStatisticsStore()
        statistics.recordRequests(5, sequentialRequests: 1, requestBudget: 1.35)
        #expect(statistics.allowanceScale(requestBudget: 1.35) < 1)
        statistics.removeAll()
        #expect(statistics.allowanceScale(requestBudget: 1.35) == 1)
        #expect(statistics.realisedRequestRatio(requestBudget: 1.35) == nil)
    }
}
