import Foundation
import MediationConformance
import Testing

@testable import MediationCLI

@Suite struct CommandLineRoughEdgeTests {
    @Test func helpForACommandIsThatCommandsOwnHelp() {
        #expect(MediationCommand.helpText(for: ["demo"]) == DemoCommand.usage)
        #expect(MediationCommand.helpText(for: ["validate"]) == ValidateCommand.usage)
        #expect(MediationCommand.helpText(for: ["conformance"]) == ConformanceCommand.usage)
        #expect(MediationCommand.helpText(for: ["new-adapter"]) == NewAdapterCommand.usage)
        #expect(MediationCommand.helpText(for: []) == MediationCommand.usage)
        #expect(MediationCommand.helpText(for: ["bogus"]) == nil)
        #expect(MediationCommand.helpText(for: ["demo", "validate"]) == nil)
    }

    @Test func helpAndVersionExitCodes() async {
        #expect(await MediationCommand.run(["help", "demo"]) == 0)
        #expect(await MediationCommand.run(["help", "bogus"]) == 2)
        #expect(await MediationCommand.run(["--version"]) == 0)
        #expect(await MediationCommand.run([]) == 2)
        #expect(await MediationCommand.run(["bogus"]) == 2)
        #expect(MediationCommand.version.split(separator: ".").count == 3)
    }

    @Test func inlineOptionValuesAreSplitAtTheFirstEquals() {
        #expect(
            MediationCommand.splittingInlineValues(["demo", "--strategy=sequential", "--html=a=b.html", "--json"])
                == ["demo", "--strategy", "sequential", "--html", "a=b.html", "--json"])
        #expect(MediationCommand.splittingInlineValues(["demo", "--config="]) == ["demo", "--config", ""])
        #expect(MediationCommand.splittingInlineValues(["-x=1", "--", "--a=b"]) == ["-x=1", "--", "--a=b"])
    }

    @Test func inlineOptionValuesReachTheCommands() async {
        #expect(await MediationCommand.run(["demo", "--strategy=sequential", "--json"]) == 0)
        #expect(await MediationCommand.run(["demo", "--strategy=bogus"]) == 2)
        #expect(await MediationCommand.run(["new-adapter", "Acme", "--out="]) == 2)
    }

    @Test func validateReadsStandardInputForADash() {
        var reads = 0
        let valid = ValidateCommand.run(["-"]) {
            reads += 1
            return Data(DefaultAdResponse.embeddedJSON.utf8)
        }
        #expect(valid == 0)
        #expect(reads == 1)
        #expect(ValidateCommand.run(["-"]) { Data("{\"ad-responses\": 3}".utf8) } == 1)
        #expect(ValidateCommand.run(["-"]) { Data() } == 1)
    }

    @Test func conformanceListAsJSONNamesEveryCheck() async throws {
        struct Entry: Decodable, Equatable {
            var kind: String
            var name: String
            var summary: String
        }
        let entries = try JSONDecoder().decode(
            [Entry].self, from: Data(ConformanceCommand.checkListingJSON.utf8))
        let native = entries.filter { $0.kind == "native" }
        let instream = entries.filter { $0.kind == "instream" }
        #expect(native.map(\.name) == ConformanceCheck.allCases.map(\.rawValue))
        #expect(native.map(\.summary) == ConformanceCheck.allCases.map(\.summary))
        #expect(instream.map(\.name) == InstreamConformanceCheck.allCases.map(\.rawValue))
        #expect(native.count + instream.count == entries.count)
        #expect(await ConformanceCommand.run(["--list", "--json"]) == 0)
    }

    @Test func unwritableHTMLPathIsAOneLineErrorAndExitOne() async throws {
        let missingFolder = TestPaths.freshTemporaryFolder("html")
        let path = missingFolder.appendingPathComponent("card.html").path
        #expect(await DemoCommand.run(["--html", path]) == 1)
        #expect(!FileManager.default.fileExists(atPath: path))
        let reason = fileErrorReason(
            #expect(throws: (any Error).self) {
                try "x".write(to: URL(fileURLWithPath: path), atomically: true, encoding: .utf8)
            } ?? CocoaError(.fileNoSuchFile))
        #expect(!reason.contains("\n"))
        #expect(!reason.contains("Error Domain"))
        #expect(reason.lowercased().contains("no such file"))
    }
}

@Suite struct TerminalSafeOutputTests {
    @Test func validateCannotBeMadeToPrintAFakeValidLine() {
        let crafted =
            #"{"ad-responses": [{"metadata": {"x-custom-event-class-name": "A", "#
            + #""x-ad-timeout-ms": "1\u001b[2K\rvalid: 1 line\n\u0007\u202e"}}]}"#
        let report = ValidateCommand.report(for: Data(crafted.utf8))
        #expect(report.status == 1)
        #expect(report.output.last?.hasPrefix("invalid: 1 error") == true)
        let printed = report.output.joined(separator: "\n")
        #expect(!printed.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x202E })
        #expect(printed.split(separator: "\n").allSatisfy { !$0.hasPrefix("valid:") })
        #expect(printed.contains("\\u{1B}[2K"))
    }
}
