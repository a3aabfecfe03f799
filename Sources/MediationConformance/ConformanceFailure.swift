/// The error ``ConformanceKit/verify(_:checks:options:)`` throws when an adapter fails any check.
public struct ConformanceFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The full report, passed and skipped checks included.
    public var report: ConformanceReport

    /// Wraps a report that has failures.
    public init(report: ConformanceReport) {
        self.report = report
    }

    /// The failed checks, in check order.
    public var failedChecks: [ConformanceCheck] { report.failedChecks }

    /// Names the subject and each failed check with its reason, one per line.
    public var description: String {
        let failures = report.results.filter { $0.status == .failed || (report.strict && $0.status == .skipped) }
        let lines = failures.map { result in
            let label = result.status == .skipped ? " (skipped; strict)" : ""
            return "  \(result.check.rawValue)\(label): \(result.reason)"
        }
        return "\(report.subjectName) failed \(failures.count) conformance check(s):\n" + lines.joined(separator: "\n")
    }
}
