import Foundation
import MediationConformance

extension ConformanceCommand {
    /// `--json` output: `{"native": [reports], "instream": [reports]}`; native reports keep their own format,
    /// in-stream ones are `{"subject", "customEvent", "passed", "results": [{"check", "status", "reason"}]}`.
    static func renderJSON(native: [ConformanceReport], instream: [InstreamConformanceReport]) -> String {
        struct InstreamResult: Encodable {
            var check: String
            var status: String
            var reason: String
        }
        struct InstreamReport: Encodable {
            var subject: String
            var customEvent: String
            var passed: Bool
            var strict: Bool
            var verdict: String
            var results: [InstreamResult]
        }
        let instreamReports = instream.map { report in
            InstreamReport(
                subject: report.subjectName, customEvent: report.customEventIdentifier, passed: report.passed,
                strict: report.strict, verdict: report.verdict,
                results: report.results.map {
                    InstreamResult(check: $0.check.rawValue, status: $0.status.rawValue, reason: $0.reason)
                })
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        let instreamJSON = (try? encoder.encode(instreamReports)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
        // The native array is the kit's own deterministic encoding, nested as is.
        return "{\n\"instream\": \(instreamJSON),\n\"native\": \(ConformanceReport.jsonString(of: native))\n}\n"
    }

    /// The in-stream checks, one line each, under a header (the text of `--list` after the native checks).
    static var instreamCheckListing: String {
        let width = InstreamConformanceCheck.allCases.map(\.rawValue.count).max() ?? 0
        return
            (["in-stream checks:"]
            + InstreamConformanceCheck.allCases.map { check in
                check.rawValue + String(repeating: " ", count: width - check.rawValue.count) + "  " + check.summary
            }).joined(separator: "\n")
    }
}
