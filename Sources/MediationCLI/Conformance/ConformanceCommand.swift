import Foundation
import MediationConformance

/// `mediation conformance [--json]`: runs the conformance kit over every built-in adapter in strict mode (a
/// skipped check fails), native and in-stream, prints one table per adapter (or the reports as JSON), and exits 0
/// only when every check of every adapter passed. `--package PATH` runs it on an adapter package outside this repository instead
/// (``PackageConformanceRun``).
enum ConformanceCommand {
    static let usage = """
        usage: mediation conformance [--json] [--list]
               mediation conformance --package PATH [--filter TESTS]

          --json            print the reports as one JSON object instead of tables: {"native": [...], "instream": [...]}
          --list            list the native and in-stream checks and what each asserts, then exit (as a JSON
                            array of {"kind", "name", "summary"} with --json)
          --package PATH    run the conformance tests of the adapter package at PATH (swift test) and print the
                            conformance tables they print; exit 0 only if they passed
          --filter TESTS    the tests to run with --package (default: Conformance)
        """

    static func run(_ arguments: [String]) async -> Int32 {
        var json = false
        var list = false
        var packagePath: String?
        var filter = "Conformance"
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--json": json = true
            case "--list": list = true
            case "--package", "--filter":
                guard let value = remaining.popFirst(), !value.hasPrefix("--") else {
                    printError("mediation conformance: \(argument) needs a value\n\n\(usage)")
                    return 2
                }
                if argument == "--package" { packagePath = value } else { filter = value }
            case "--help", "-h":
                print(usage)
                return 0
            default:
                printError("mediation conformance: unknown option '\(argument)'\n\n\(usage)")
                return 2
            }
        }
        if let packagePath {
            guard !json, !list else {
                printError("mediation conformance: --package prints tables only; drop --json and --list\n\n\(usage)")
                return 2
            }
            return PackageConformanceRun.run(packagePath: packagePath, filter: filter)
        }
        if list {
            print(json ? checkListingJSON : checkListing + "\n\n" + instreamCheckListing)
            return 0
        }
        var reports: [ConformanceReport] = []
        for subject in BuiltInConformanceSubjects.all {
            reports.append(await ConformanceKit.run(subject, options: .strict))
        }
        var instream: [InstreamConformanceReport] = []
        for subject in BuiltInConformanceSubjects.instream {
            instream.append(await InstreamConformanceKit.check(subject, strict: true))
        }
        if json {
            print(renderJSON(native: reports, instream: instream), terminator: "")
        } else {
            print(render(reports, json: false), terminator: "")
            print(renderInstream(instream), terminator: "")
        }
        let instreamPassed = instream.allSatisfy(\.passed)
        return exitStatus(for: reports) == 0 && instreamPassed ? 0 : 1
    }

    /// The in-stream tables and their summary line (text mode).
    static func renderInstream(_ reports: [InstreamConformanceReport]) -> String {
        let passed = reports.count { $0.passed }
        return "\n" + reports.map(\.table).joined(separator: "\n")
            + "\(passed) of \(reports.count) in-stream adapter(s) passed every in-stream conformance check\n"
    }

    /// The tables (one per report and a summary line), or the JSON array.
    static func render(_ reports: [ConformanceReport], json: Bool) -> String {
        if json { return ConformanceReport.jsonString(of: reports) + "\n" }
        let passed = reports.count { $0.passed }
        let tables = reports.map(\.table).joined(separator: "\n")
        return tables + "\n\(passed) of \(reports.count) adapter(s) passed every conformance check\n"
    }

    /// 0 when every report passed (and there is at least one), 1 otherwise.
    static func exitStatus(for reports: [ConformanceReport]) -> Int32 {
        !reports.isEmpty && reports.allSatisfy(\.passed) ? 0 : 1
    }

    /// One line per check: its stable name and what it asserts.
    static var checkListing: String {
        let width = ConformanceCheck.allCases.map(\.rawValue.count).max() ?? 0
        return ConformanceCheck.allCases.map { check in
            check.rawValue + String(repeating: " ", count: width - check.rawValue.count) + "  " + check.summary
        }.joined(separator: "\n")
    }

    /// The checks as a JSON array of `{"kind", "name", "summary"}` objects: the native checks in
    /// ``ConformanceCheck`` order (`"kind": "native"`), then the in-stream ones (`"kind": "instream"`).
    static var checkListingJSON: String {
        struct Entry: Encodable {
            var kind: String
            var name: String
            var summary: String
        }
        let entries =
            ConformanceCheck.allCases.map { Entry(kind: "native", name: $0.rawValue, summary: $0.summary) }
            + InstreamConformanceCheck.allCases.map { Entry(kind: "instream", name: $0.rawValue, summary: $0.summary) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(entries)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
    }
}
