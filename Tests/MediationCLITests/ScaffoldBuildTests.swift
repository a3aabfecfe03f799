import Foundation
import MediationScaffold
import Testing

/// The slow end-to-end check: generate an adapter into a temporary folder, build it against this checkout and
/// run its tests, which run the conformance kit. Enabled with `MEDIATION_SCAFFOLD_TEST=1`; CI runs the same
/// through scripts/scaffold-check.sh.
@Suite struct ScaffoldBuildTests {
    static let isEnabled = ProcessInfo.processInfo.environment["MEDIATION_SCAFFOLD_TEST"] == "1"

    @Test(
        .enabled(if: isEnabled, "set MEDIATION_SCAFFOLD_TEST=1 to build a generated adapter"), .timeLimit(.minutes(20)))
    func generatedAdapterBuildsAndPassesTheKit() throws {
        let folder = TestPaths.freshTemporaryFolder("scaffold-build")
        defer { try? FileManager.default.removeItem(at: folder) }
        let scaffold = try AdapterScaffold(networkName: "Zephyr", mediationKitPath: TestPaths.repositoryRoot)
        try scaffold.write(to: folder.path)

        let build = try runSwift(["build"], in: folder)
        #expect(build.status == 0, "swift build failed:\n\(build.output)")
        let test = try runSwift(["test"], in: folder)
        #expect(test.status == 0, "swift test failed:\n\(test.output)")
        #expect(test.output.contains("✔ Test zephyrAdapterPassesTheConformanceKit() passed"))
    }

    private func runSwift(_ arguments: [String], in folder: URL) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift"] + arguments
        process.currentDirectoryURL = folder
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
