import Foundation
import MediationBench
import MediationCore
import MediationSupport

/// `mediation soak`: many loads through one mediator over misbehaving networks, with the resident memory
/// after the first 1,000 loads and at the end (docs/reliability.md).
enum SoakCommand {
    static let usage = """
        usage: mediation soak [--loads N] [--json]

        Runs N loads (100,000 by default) one after another through one mediator on a virtual clock, over
        networks that never answer, answer late, answer twice and answer from background threads, cancelling
        every tenth load. Checks that every load received exactly one outcome and prints the resident memory
        after 1,000 loads and after N. Use a release build. Exit status: 0 every load ended once, 1 otherwise,
        2 bad usage.
        """

    static func run(_ arguments: [String]) -> Int32 {
        var loads = 100_000
        var json = false
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--help", "-h":
                print(usage)
                return 0
            case "--json": json = true
            case "--loads":
                guard let value = remaining.popFirst(), let count = Int(value), (1...10_000_000).contains(count) else {
                    printError("mediation soak: --loads expects a whole number in 1...10000000\n\n\(usage)")
                    return 2
                }
                loads = count
            default:
                printError("mediation soak: unknown option '\(argument.terminalSafe)'\n\n\(usage)")
                return 2
            }
        }
        let report = BenchSoakReport.measure(loads: loads) { line in printError(line) }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            guard let data = try? encoder.encode(report) else {
                printError("mediation soak: cannot encode the report")
                return 1
            }
            print(String(decoding: data, as: UTF8.self))
        } else {
            print(text(report))
        }
        return report.everyLoadEndedOnce ? 0 : 1
    }

    static func text(_ report: BenchSoakReport) -> String {
        func megabytes(_ bytes: Int?) -> String {
            bytes.map { String(format: "%.1f MB", Double($0) / 1_048_576) } ?? "unknown"
        }
        let growth = report.residentGrowthBytes.map { String(format: "%+.1f MB", Double($0) / 1_048_576) } ?? "unknown"
        return """
            soak: \(report.loads) loads in \(String(format: "%.1f", report.wallSeconds)) s: \(report.outcomes) outcomes \
            (\(report.filled) filled, \(report.failed) failed), \(report.duplicatedOutcomes) loads with more than one, \
            \(report.missingOutcomes) with none
            resident memory: \(megabytes(report.residentBytesAtCheckpoint)) after \(report.checkpointLoads) loads, \
            \(megabytes(report.residentBytesAtEnd)) after \(report.loads) (\(growth))
            """
    }
}
