import Foundation
import MediationConformance
import MediationCore
import Testing

@testable import MediationCLI

@Suite struct CommandLineTests {
    @Test func newAdapterParsesNameOutputAndKitPath() throws {
        let parsed = try NewAdapterCommand.parse(["Acme", "--out", "/tmp/a", "--mediationkit", "/src/kit"]).get()
        #expect(parsed == .init(name: "Acme", output: "/tmp/a", mediationKitPath: "/src/kit"))
        let withoutKit = try NewAdapterCommand.parse(["--out", "/tmp/a", "Acme"]).get()
        #expect(withoutKit.mediationKitPath == nil)
    }

    @Test(arguments: [
        ([String](), "the network NAME is missing"),
        (["Acme"], "--out DIR is missing"),
        (["Acme", "--out"], "--out needs a path"),
        (["Acme", "--out", "--mediationkit", "/k"], "--out needs a path"),
        (["Acme", "Other", "--out", "/tmp/a"], "one network name expected, got 'Acme' and 'Other'"),
        (["Acme", "--out", "/tmp/a", "--force"], "unknown option '--force'"),
    ])
    func newAdapterUsageErrorsSayWhatIsWrong(arguments: [String], message: String) {
        #expect(NewAdapterCommand.parse(arguments) == .failure(NewAdapterCommand.UsageError(message: message)))
    }

    @Test func newAdapterExitCodes() throws {
        let folder = TestPaths.freshTemporaryFolder("cli")
        defer { try? FileManager.default.removeItem(at: folder) }
        let kit = TestPaths.repositoryRoot
        #expect(NewAdapterCommand.run(["Acme"]) == 2)
        #expect(NewAdapterCommand.run(["acme", "--out", folder.path, "--mediationkit", kit]) == 1)
        #expect(!FileManager.default.fileExists(atPath: folder.path))
        #expect(NewAdapterCommand.run(["Acme", "--out", folder.path, "--mediationkit", kit]) == 0)
        let customEvent = folder.appendingPathComponent("Sources/AcmeAdapter/AcmeNativeCustomEvent.swift")
        #expect(FileManager.default.fileExists(atPath: customEvent.path))
        #expect(NewAdapterCommand.run(["Acme", "--out", folder.path, "--mediationkit", kit]) == 1)
    }

    @Test func everyBuiltInSubjectPassesTheKit() async {
        let subjects = BuiltInConformanceSubjects.all
        #expect(!subjects.isEmpty)
        #expect(Set(subjects.map(\.name)).count == subjects.count)
        // Google's adapter appears twice: rendered through slots, and binding the host's asset views.
        #expect(Set(subjects.map(\.customEventIdentifier)).count == subjects.count - 1)
        #expect(subjects.contains { $0.rendererConfigurations.first?.rendererType is ViewBindingNativeAdRenderer.Type })
        for subject in subjects {
            let report = await ConformanceKit.run(subject, options: .strict)
            #expect(report.passed, "\(report.table)")
        }
    }

    @Test func conformanceOutputIsOneTablePerAdapterOrOneJSONArray() throws {
        let passing = ConformanceReport(
            subjectName: "A", customEventIdentifier: "AEvent", results: [.passed(.versionsReported, "fine")])
        let failing = ConformanceReport(
            subjectName: "B", customEventIdentifier: "BEvent", results: [.failed(.clickForwardedOnce, "no click")])
        let text = ConformanceCommand.render([passing, failing], json: false)
        #expect(text == passing.table + "\n" + failing.table + "\n1 of 2 adapter(s) passed every conformance check\n")
        let json = ConformanceCommand.render([passing, failing], json: true)
        let decoded = try JSONDecoder().decode([ConformanceReport].self, from: Data(json.utf8))
        #expect(decoded == [passing, failing])
    }

    @Test func conformanceJSONHoldsNativeAndInstreamReports() throws {
        let native = ConformanceReport(
            subjectName: "A", customEventIdentifier: "AEvent", results: [.passed(.versionsReported, "fine")])
        let instream = BuiltInConformanceSubjects.instream.map(InstreamConformanceKit.run)
        let json = ConformanceCommand.renderJSON(native: [native], instream: instream)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let nativeData = try JSONSerialization.data(withJSONObject: object["native"] ?? [])
        #expect(try JSONDecoder().decode([ConformanceReport].self, from: nativeData) == [native])
        let instreamReports = try #require(object["instream"] as? [[String: Any]])
        #expect(instreamReports.map { $0["customEvent"] as? String } == instream.map(\.customEventIdentifier))
        #expect(
            instreamReports.allSatisfy { ($0["results"] as? [Any])?.count == InstreamConformanceCheck.allCases.count })
    }

    @Test func conformanceExitsZeroOnlyWhenEveryAdapterPasses() {
        let passing = ConformanceReport(
            subjectName: "A", customEventIdentifier: "AEvent", results: [.passed(.versionsReported, "fine")])
        let failing = ConformanceReport(
            subjectName: "B", customEventIdentifier: "BEvent", results: [.failed(.clickForwardedOnce, "no click")])
        #expect(ConformanceCommand.exitStatus(for: [passing]) == 0)
        #expect(ConformanceCommand.exitStatus(for: [passing, failing]) == 1)
        #expect(ConformanceCommand.exitStatus(for: []) == 1)
    }

    @Test func conformanceOptions() async {
        #expect(await ConformanceCommand.run(["--bogus"]) == 2)
        #expect(await ConformanceCommand.run(["--list"]) == 0)
        let listing = ConformanceCommand.checkListing.split(separator: "\n")
        #expect(listing.count == ConformanceCheck.allCases.count)
        let instreamListing = ConformanceCommand.instreamCheckListing.split(separator: "\n")
        #expect(instreamListing.first == "in-stream checks:")
        #expect(instreamListing.count == InstreamConformanceCheck.allCases.count + 1)
        #expect(listing.first?.hasPrefix("single-outcome-fill ") == true)
        #expect(listing.first?.hasSuffix(ConformanceCheck.singleOutcomeOnFill.summary) == true)
    }
}
