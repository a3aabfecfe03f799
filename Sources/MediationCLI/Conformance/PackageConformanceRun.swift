import Foundation
import MediationSupport

/// `mediation conformance --package PATH`: runs the conformance kit on an adapter package outside this repository
/// through the package's own tests, and prints the conformance tables they print.
///
/// An adapter package describes its adapter to the kit in its test target (as `mediation new-adapter` generates
/// it), where the CLI cannot import it; so the command runs `swift test --package-path PATH --filter FILTER` and
/// relays every table the tests print with `print(report.table)` (the scaffold's test prints it on success too).
/// It exits 0 only when the tests passed and printed at least one table, every one of them PASSED.
enum PackageConformanceRun {
    /// What a run found.
    struct Outcome: Sendable, Equatable {
        /// The tables found in the test output, in order.
        var tables: [String]
        /// The exit status of `swift test`.
        var testStatus: Int32
    }

    /// Runs the package's conformance tests and prints their tables.
    static func run(packagePath: String, filter: String) -> Int32 {
        let root = URL(fileURLWithPath: packagePath).standardizedFileURL
        guard FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) else {
            printError("mediation conformance: --package \(packagePath): no Package.swift in \(root.path)")
            return 2
        }
        let output: String
        let status: Int32
        do {
            (output, status) = try swiftTest(packagePath: root.path, filter: filter)
        } catch {
            printError("mediation conformance: could not run swift test in \(root.path): \(error)")
            return 2
        }
        let outcome = Outcome(tables: tables(in: output), testStatus: status)
        guard !outcome.tables.isEmpty else {
            printError(
                "mediation conformance: the tests of \(root.path) matching '\(filter)' printed no conformance table"
                    + " (swift test exited \(status)); print report.table in the conformance test, as the scaffold"
                    + " does. The test output ends:\n"
                    + output.split(separator: "\n").suffix(20).map { String($0).terminalSafe }.joined(separator: "\n"))
            return 1
        }
        print(outcome.tables.joined(separator: "\n"))
        let passed = outcome.tables.count { isPassing($0) }
        print(
            "\(passed) of \(outcome.tables.count) adapter(s) passed every conformance check (swift test exited \(status))"
        )
        return exitStatus(for: outcome)
    }

    /// 0 when `swift test` succeeded and every table (at least one) says PASSED with nothing skipped, else 1.
    static func exitStatus(for outcome: Outcome) -> Int32 {
        outcome.testStatus == 0 && !outcome.tables.isEmpty && outcome.tables.allSatisfy(isPassing) ? 0 : 1
    }

    /// Whether a table's heading says `PASSED` (a `PASSED with N skipped` table does not count as passing).
    static func isPassing(_ table: String) -> Bool {
        let heading = table.split(separator: "\n").first.map(String.init) ?? ""
        return heading.contains("]: PASSED (")
    }

    /// The conformance tables in `output`: each a heading line `<subject> [<custom event>]: <verdict> (…)` and the
    /// indented rows that follow it, skipping the test runner's own lines printed in between, up to a blank line.
    /// Each line is made terminal-safe: the package's tests may print what its network sent.
    static func tables(in output: String) -> [String] {
        var tables: [String] = []
        var current: [String]?
        for line in output.split(separator: "\n", omittingEmptySubsequences: false).map({ String($0).terminalSafe }) {
            if isHeading(line) {
                if let table = current { tables.append(table.joined(separator: "\n") + "\n") }
                current = [line]
            } else if current != nil {
                if line.trimmingCharacters(in: .whitespaces).isEmpty {
                    if let table = current, table.count > 1 {
                        tables.append(table.joined(separator: "\n") + "\n")
                        current = nil
                    }
                } else if line.hasPrefix("  ") {
                    current?.append(line)
                }
            }
        }
        if let table = current, table.count > 1 { tables.append(table.joined(separator: "\n") + "\n") }
        return tables
    }

    private static func isHeading(_ line: String) -> Bool {
        guard !line.hasPrefix(" "), let range = line.range(of: "]: ") else { return false }
        let verdict = line[range.upperBound...]
        return line.contains(" [") && (verdict.hasPrefix("PASSED") || verdict.hasPrefix("FAILED"))
    }

    private static func swiftTest(packagePath: String, filter: String) throws -> (String, Int32) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "test", "--package-path", packagePath, "--filter", filter]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: data, as: UTF8.self), process.terminationStatus)
    }
}
