import Foundation
import Testing

@testable import MediationCLI

/// `mediation bench --inspector-entries N`: the option is parsed and checked.
@Suite struct BenchInspectorCommandTests {
    @Test func theEntryCountIsParsedAndBadValuesAreNamed() throws {
        let options = try BenchCommand.parse(["--inspector-entries", "1000", "--seed", "5", "--json"]).get()
        #expect(options.inspectorEntries == 1000)
        #expect(options.seed == 5)
        #expect(options.json)
        #expect(try BenchCommand.parse([]).get().inspectorEntries == nil)
        for arguments in [["--inspector-entries"], ["--inspector-entries", "0"], ["--inspector-entries", "x"]] {
            switch BenchCommand.parse(arguments) {
            case .success: Issue.record("\(arguments) parsed")
            case .failure(let problem): #expect(problem.message.contains("--inspector-entries expects"))
            }
        }
        #expect(BenchCommand.usage.contains("--inspector-entries N"))
    }
}
