import Foundation
import MediationCore
import Testing

@testable import MediationBench

@Suite struct BenchPhaseTests {
    private static func json(phases: String, requests: Int = 400) -> Data {
        Data(
            """
            {
              "name": "phased", "requests": \(requests), "seed": 3,
              "networks": [
                { "name": "top", "fillProbability": 0.6, "hangProbability": 0.02, "errorProbability": 0.01, "price": 5,
                  "fillLatency": { "medianMs": 300, "spread": 0.5 }, "noFillLatency": { "medianMs": 200, "spread": 0.5 } },
                { "name": "low", "fillProbability": 0.5, "hangProbability": 0, "errorProbability": 0, "price": 2,
                  "fillLatency": { "medianMs": 200, "spread": 0.5 }, "noFillLatency": { "medianMs": 150, "spread": 0.5 } }
              ],
              "waterfall": [ { "network": "top", "timeoutMs": 2000 }, { "network": "low", "timeoutMs": 2000 } ],
              "phases": \(phases)
            }
            """.utf8)
    }

    @Test func aPhasedWorkloadParsesAndItsWorldChangesAtTheRequest() throws {
        let workload = try BenchWorkload.decode(
            Self.json(phases: #"[ { "atRequest": 200, "network": "top", "fillProbability": 0 } ]"#))
        #expect(workload.phases?.count == 1)
        #expect(workload.changeRequests == [200])
        #expect(workload.networks(atRequest: 199)[0].fillProbability == 0.6)
        #expect(workload.networks(atRequest: 200)[0].fillProbability == 0)
        #expect(workload.settled(atRequest: 200).phases == nil)
        let world = BenchWorld(workload: workload)
        #expect(world.requests[..<200].contains { $0[0].fills })
        #expect(!world.requests[200...].contains { $0[0].fills })
        // Before the change the world is the unphased workload's, request by request.
        var unphased = workload
        unphased.phases = nil
        #expect(Array(BenchWorld(workload: unphased).requests[..<200]) == Array(world.requests[..<200]))
        #expect(workload.changeSummary(atRequest: 200) == "top: fillProbability 0.6 → 0.0")
    }

    @Test func theShippedPhasedWorkloadDropsTheTopLinesFill() throws {
        let workload = try #require(BenchWorkload.builtIn("fill-drop"))
        let top = try #require(workload.network(of: workload.waterfall[0]))
        #expect(top.fillProbability == 0.6)
        #expect(workload.changeRequests == [2_000])
        #expect(workload.networks(atRequest: 2_000).first { $0.name == top.name }?.fillProbability == 0.05)
    }

    @Test(arguments: [
        (#"[ { "atRequest": 200, "network": "nope", "fillProbability": 0 } ]"#, "phases[0].network"),
        (#"[ { "atRequest": 400, "network": "top", "fillProbability": 0 } ]"#, "phases[0].atRequest"),
        (#"[ { "atRequest": 0, "network": "top", "fillProbability": 0 } ]"#, "phases[0].atRequest"),
        (#"[ { "atRequest": 20.5, "network": "top", "fillProbability": 0 } ]"#, "phases[0].atRequest"),
        (#"[ { "atRequest": 20, "network": "top", "fillProbability": 1.5 } ]"#, "phases[0].fillProbability"),
        (#"[ { "atRequest": 20, "network": "top", "price": 1 } ]"#, "phases[0].price"),
        (#"[ { "atRequest": 20, "network": "top" } ]"#, "phases[0]"),
        (#"[ { "network": "top", "hangProbability": 0.1 } ]"#, "phases[0].atRequest"),
        (
            #"[ { "atRequest": 20, "network": "top", "fillLatency": { "medianMs": -1, "spread": 0 } } ]"#,
            "phases[0].fillLatency.medianMs"
        ),
        (
            #"[ { "atRequest": 90, "network": "top", "errorProbability": 0.1 }, "#
                + #"{ "atRequest": 30, "network": "low", "hangProbability": 0.1 } ]"#,
            "phases[1].atRequest"
        ),
    ])
    func aBadPhaseNamesItsPath(phases: String, path: String) {
        do {
            _ = try BenchWorkload.decode(Self.json(phases: phases))
            Issue.record("accepted \(phases)")
        } catch {
            #expect(error.path == path, "\(error)")
        }
    }

    /// The default is 2,000 ms a load for 300 loads, then 1,000 ms like every rule of a world whose only line
    /// fills at 1,000 ms: the first window of 200 loads with its p50 within 3 % starts at load 200 (100 of its
    /// loads at 1,000 ms), so it recovers in 400 loads and loses 300 × 1,000 ms.
    @Test func theRecoveryCountsLoadsUntilAWindowIsWithinThreePercent() {
        let outcome = BenchLineOutcome(kind: .fill, latency: .milliseconds(1_000), timeout: .seconds(3))
        let world = BenchWorld(requests: Array(repeating: [outcome], count: 1_000), prices: [1])
        let mine = (0..<1_000).map { load in
            BenchRequestResult(
                winner: 0, timeToFill: .milliseconds(load < 300 ? 2_000 : 1_000), attempts: 1, revenue: 1)
        }
        let sequential = BenchLimitPolicy.schedule(startAtOnce: 1, window: 1, lineCount: 1).results(on: world)
        let limit = BenchLimit(training: world, trainingSeed: 0, scoring: world, label: "recovery")
        let change = BenchRecovery.change(
            at: 500, summary: "x", mine: mine, sequential: sequential, limit: limit, world: world)
        #expect(change.recoveryLoads == 2 * BenchRecovery.window)
        #expect(change.lostSeconds == 300)
        #expect(change.firstWindowRatio == 2)
        #expect(change.lastWindowRatio == 1)
        #expect(change.withinAfterRecovery == 1)
        // Slow again from load 700: of the 25 windows starting at loads 200…800, the 17 starting at 200…600 hold
        // 100 loads at 1,000 ms or more.
        let relapse = mine.indices.map { load in
            var result = mine[load]
            if load >= 700 { result.timeToFill = .milliseconds(2_000) }
            return result
        }
        let relapsed = BenchRecovery.change(
            at: 500, summary: "x", mine: relapse, sequential: sequential, limit: limit, world: world)
        #expect(relapsed.recoveryLoads == 400)
        #expect(relapsed.withinAfterRecovery == 17.0 / 25.0)
        // Never within 3 %: no recovery, and every load's loss counts.
        let slow = mine.map { result in
            var slower = result
            slower.timeToFill = .milliseconds(1_100)
            return slower
        }
        let never = BenchRecovery.change(
            at: 500, summary: "x", mine: slow, sequential: sequential, limit: limit, world: world)
        #expect(never.recoveryLoads == nil)
        #expect(never.withinAfterRecovery == nil)
        #expect(abs(never.lostSeconds - 100) < 1e-6)
    }

    /// A phased run reports one change, over the loads from it to the run's end, against the new world's limit.
    @Test func aPhasedRunReportsItsChange() throws {
        let workload = try BenchWorkload.decode(
            Self.json(phases: #"[ { "atRequest": 150, "network": "top", "fillProbability": 0.05 } ]"#, requests: 350))
        let run = try BenchRun(workload: workload, strategies: [BenchStrategy(.sequential), BenchStrategy(.default)])
        let recovery = try #require(BenchRecovery(run: run))
        #expect(recovery.changes.count == 1)
        let change = try #require(recovery.changes.first)
        #expect(change.atRequest == 150)
        #expect(change.loads == 200)
        #expect(change.rule != nil)
        #expect(change.change == "top: fillProbability 0.6 → 0.05")
        #expect(recovery.table().contains("| 150 |"))
        // Without phases, or without the default, there is nothing to report.
        var unphased = workload
        unphased.phases = nil
        #expect(BenchRecovery(run: try BenchRun(workload: unphased, strategies: [BenchStrategy(.default)])) == nil)
        #expect(BenchRecovery(run: try BenchRun(workload: workload, strategies: [BenchStrategy(.sequential)])) == nil)
    }
}
