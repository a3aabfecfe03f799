import MediationSupport

/// What the in-stream conformance kit found for one subject.
public struct InstreamConformanceReport: Sendable, Hashable {
    /// The subject's name.
    public var subjectName: String
    /// The custom event's identifier.
    public var customEventIdentifier: String
    /// One result per check, in ``InstreamConformanceCheck`` order.
    public var results: [InstreamConformanceCheckResult]
    /// Whether a skipped check fails the report (the CLI's and the scaffold's mode).
    public var strict: Bool

    /// Creates a report.
    public init(
        subjectName: String, customEventIdentifier: String, results: [InstreamConformanceCheckResult],
        strict: Bool = false
    ) {
        self.subjectName = subjectName
        self.customEventIdentifier = customEventIdentifier
        self.results = results
        self.strict = strict
    }

    /// Whether no check failed and, in a strict report, none was skipped: a skip is never a pass.
    public var passed: Bool {
        !results.contains { $0.status == .failed } && !(strict && results.contains { $0.status == .skipped })
    }

    /// `PASSED`, `PASSED with 2 skipped`, `FAILED`, or `FAILED (strict: 2 skipped)` when only skips failed it.
    public var verdict: String {
        let skipped = count(.skipped)
        if count(.failed) > 0 { return "FAILED" }
        if skipped == 0 { return "PASSED" }
        return strict ? "FAILED (strict: \(skipped) skipped)" : "PASSED with \(skipped) skipped"
    }

    /// How many checks ended with `status`.
    public func count(_ status: ConformanceCheckResult.Status) -> Int { results.count { $0.status == status } }

    /// The checks that failed.
    public var failedChecks: [InstreamConformanceCheck] { results.filter { $0.status == .failed }.map(\.check) }

    /// The checks that were skipped.
    public var skippedChecks: [InstreamConformanceCheck] { results.filter { $0.status == .skipped }.map(\.check) }

    /// A plain-text table in the native report's layout (so `mediation conformance --package` reads both): a
    /// heading `<subject> [<custom event>]: <verdict> (N passed, N failed, N skipped)`, then one row per check;
    /// the subject, the custom event and each reason are made terminal-safe.
    public var table: String {
        let counts = "\(count(.passed)) passed, \(count(.failed)) failed, \(count(.skipped)) skipped"
        var lines = ["\(subjectName.terminalSafe) [\(customEventIdentifier.terminalSafe)]: \(verdict) (\(counts))"]
        let width = max(results.map(\.check.rawValue.count).max() ?? 0, "CHECK".count)
        func row(_ name: String, _ result: String, _ reason: String) -> String {
            let padded = name + String(repeating: " ", count: width - name.count)
            let label = result + String(repeating: " ", count: max("RESULT".count - result.count, 0))
            return "  \(padded)  \(label)  \(reason)"
        }
        lines.append(row("CHECK", "RESULT", "REASON"))
        for result in results {
            lines.append(row(result.check.rawValue, result.status.tableLabel, result.reason.terminalSafe))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
