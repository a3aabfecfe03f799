import Foundation
import MediationBench
import Testing

@testable import MediationCLI

@Suite struct BenchCommandTests {
    @Test func benchIsRegisteredWithItsOwnHelp() {
        #expect(MediationCommand.helpText(for: ["bench"]) == BenchCommand.usage)
        #expect(MediationCommand.usage.contains("bench"))
    }

    @Test func optionsAreParsedAndBadValuesAreNamed() throws {
        let options = try BenchCommand.parse(
            ["--workload", "healthy", "--requests", "12", "--seed", "7", "--json", "--svg", "out.svg", "--scale", "3"]
        ).get()
        #expect(options.workload == "healthy")
        #expect(options.requests == 12)
        #expect(options.seed == 7)
        #expect(options.json)
        #expect(options.svgPath == "out.svg")
        #expect(options.scale == 3)
        for (arguments, fragment) in [
            (["--requests", "0"], "--requests"), (["--seed", "-1"], "--seed"), (["--scale"], "--scale needs"),
            (["--fast"], "'--fast'"), (["--scale-clock", "wall"], "--scale-clock expects"),
        ] {
            switch BenchCommand.parse(arguments) {
            case .success: Issue.record("\(arguments) parsed")
            case .failure(let problem): #expect(problem.message.contains(fragment), "\(problem.message)")
            }
        }
    }

    @Test func generateTakesACountAndRefusesSingleWorkloadModes() throws {
        let options = try BenchCommand.parse(["--generate", "20", "--seed", "9", "--limit", "--json"]).get()
        #expect(options.generate == 20)
        #expect(options.seed == 9)
        for (arguments, fragment) in [
            (["--generate", "0"], "--generate expects"), (["--generate"], "--generate expects"),
            (["--generate", "2", "--workload", "healthy"], "drop --workload"),
            (["--generate", "2", "--overhead"], "drop --overhead"),
        ] {
            switch BenchCommand.parse(arguments) {
            case .success: Issue.record("\(arguments) parsed")
            case .failure(let problem): #expect(problem.message.contains(fragment), "\(problem.message)")
            }
        }
    }

    @Test func aShortGeneratedRunWithTheLimitSucceeds() async {
        let status = await MediationCommand.run([
            "bench", "--generate", "2", "--seed", "3", "--requests", "20", "--strategy", "default", "--limit", "--json",
        ])
        #expect(status == 0)
    }

    /// The summary counts a world within 2 % of the limit only when both quantiles are, and apart from that the
    /// worlds where no one rule is more than 2 % faster at both, those a rule beats for no more requests, those
    /// where the default meets all three (requests at most 2 % over its budget too), those where one rule of the
    /// family reaches the limit at both quantiles at the default's cost, and of the others those the default
    /// reaches.
    @Test func theGeneratedSummaryCountsEachCriterion() throws {
        let workload = try BenchCommand.loadWorkload("generated:7").get()
        var small = workload
        small.requests = 40
        // The summary reads only the figures set below; no limit search is needed to make them.
        let report = try BenchRun(workload: small, strategies: [BenchStrategy(.default)]).report
        let index = try #require(report.strategies.firstIndex { $0.isDefault })
        // A report without the default first: it gets no row, and the rows after it keep their own figures.
        var withoutDefault = report
        withoutDefault.workload = "no default"
        withoutDefault.strategies.remove(at: index)
        var reports = [withoutDefault]
        // World 4 is as near the limit as world 0, but spends 1.40× sequential's requests, over its budget of 1.35.
        for (number, (toLimit, lead, beaten, requests)) in [
            ([1.0, 1.01], 0.99, false, 1.35), ([1.0, 1.10], 1.0, false, 1.35), ([1.03, 1.0], 1.03, false, 1.35),
            ([1.0, 1.0], 1.0, true, 1.35), ([1.0, 1.0], 1.0, false, 1.40),
        ].enumerated() {
            var world = report
            world.workload = "world \(number)"
            world.strategies[index].toLimit = toLimit
            world.strategies[index].leadOfBestRule = lead
            world.strategies[index].beatenBy = beaten ? ["a rule"] : []
            world.strategies[index].requestsRatio = requests
            reports.append(world)
        }
        // World 1 gets a limit whose one rule reaches it at the default's cost.
        let limit = try JSONDecoder().decode(
            BenchLimit.self,
            from: Data(
                """
                {"trainingSeed": 1, "trainingRequestCount": 40, "policiesTrained": 1, "policiesScored": 1,
                 "frontier": [{"name": "a rule", "p50Ms": 900, "p95Ms": 3000, "requestsRatio": 1.34,
                   "policy": {"family": "hedge", "window": 1, "startMs": [], "delayMs": 0, "maxInFlight": 1}}]}
                """.utf8))
        reports[2].limit = limit
        // Worlds 0 and 2 get a limit no one rule reaches at 1.35: its p50 from one rule, its p95 from another.
        let split = try JSONDecoder().decode(
            BenchLimit.self,
            from: Data(
                """
                {"trainingSeed": 1, "trainingRequestCount": 40, "policiesTrained": 2, "policiesScored": 2,
                 "frontier": [
                   {"name": "fast p50", "p50Ms": 900, "p95Ms": 3500, "requestsRatio": 1.30,
                    "policy": {"family": "hedge", "window": 1, "startMs": [], "delayMs": 0, "maxInFlight": 1}},
                   {"name": "fast p95", "p50Ms": 980, "p95Ms": 3036, "requestsRatio": 1.34,
                    "policy": {"family": "hedge", "window": 1, "startMs": [], "delayMs": 0, "maxInFlight": 2}}]}
                """.utf8))
        reports[1].limit = split
        reports[3].limit = split
        let summary = BenchCommand.limitSummary(reports)
        #expect(
            summary.contains(
                "the default on 5 worlds: within 2 % of the limit at p50 and at p95 on 3; no rule more than 2 % "
                    + "faster at both at once on 4; a rule at least as fast for no more requests on 1; all three "
                    + "(requests at most 2 % over the budget too) on 1; at its cost, one rule of the family within 2 % "
                    + "of the limit at both on 1, and the default on 1 of the 2 others"),
            "\(summary)")
        #expect(!summary.contains("no default"))
        #expect(summary.contains("| world 1 | 1.000 | 1.100 | 1.000 |"))
        let rows = summary.split(separator: "\n")
        #expect(rows.contains { $0.hasPrefix("| world 1 |") && $0.hasSuffix("| 1 |") })
        #expect(rows.contains { $0.hasPrefix("| world 0 |") && $0.hasSuffix("| 0 |") })
        #expect(rows.contains { $0.hasPrefix("| world 3 |") && $0.hasSuffix("| – |") })
    }

    @Test func generatedWorkloadsAreNamedBySeed() throws {
        let workload = try BenchCommand.loadWorkload("generated:7").get()
        #expect(workload.name == "generated:7")
        switch BenchCommand.loadWorkload("generated:x") {
        case .success: Issue.record("accepted a bad seed")
        case .failure(let problem): #expect(problem.message.contains("generated:SEED"))
        }
    }

    @Test func anUnknownWorkloadNamesTheShippedOnes() {
        switch BenchCommand.loadWorkload("/nonexistent/workload.json") {
        case .success: Issue.record("loaded a missing file")
        case .failure(let problem):
            #expect(problem.message.contains("/nonexistent/workload.json"))
            #expect(problem.message.contains("many-hangs"))
        }
    }

    @Test func aShortRunWritesTheChartAndSucceeds() async throws {
        let svg = FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(UUID().uuidString).svg")
        defer { try? FileManager.default.removeItem(at: svg) }
        let status = await MediationCommand.run([
            "bench", "--workload", "healthy", "--requests", "20", "--json", "--svg", svg.path,
        ])
        #expect(status == 0)
        let text = try String(contentsOf: svg, encoding: .utf8)
        #expect(text.hasPrefix("<svg"))
        #expect(await MediationCommand.run(["bench", "--bogus"]) == 2)
    }
}
