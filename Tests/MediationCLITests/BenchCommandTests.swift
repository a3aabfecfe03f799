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
    /// worlds where no one rule is more than 2 % faster at both, and those a rule beats for no more requests.
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
        for (number, (toLimit, lead, beaten)) in [
            ([1.0, 1.01], 0.99, false), ([1.0, 1.10], 1.0, false), ([1.03, 1.0], 1.03, false), ([1.0, 1.0], 1.0, true),
        ].enumerated() {
            var world = report
            world.workload = "world \(number)"
            world.strategies[index].toLimit = toLimit
            world.strategies[index].leadOfBestRule = lead
            world.strategies[index].beatenBy = beaten ? ["a rule"] : []
            reports.append(world)
        }
        let summary = BenchCommand.limitSummary(reports)
        #expect(
            summary.contains(
                "the default on 4 worlds: within 2 % of the limit at p50 and at p95 on 2; no rule more than 2 % "
                    + "faster at both at once on 3; a rule at least as fast for no more requests on 1"),
            "\(summary)")
        #expect(!summary.contains("no default"))
        #expect(summary.contains("| world 1 | 1.000 | 1.100 | 1.000 |"))
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
