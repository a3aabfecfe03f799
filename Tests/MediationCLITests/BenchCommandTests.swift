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
