/// What the in-stream conformance kit found for one subject.
public struct InstreamConformanceReport: Sendable, Hashable {
    /// The subject's name.
    public var subjectName: String
    /// The custom event's identifier.
    public var customEventIdentifier: String
    /// One result per check, in ``InstreamConformanceCheck`` order.
    public var results: [InstreamConformanceCheckResult]

    /// Whether no check failed.
    public var passed: Bool { !results.contains { $0.status == .failed } }

    /// The checks that failed.
    public var failedChecks: [InstreamConformanceCheck] { results.filter { $0.status == .failed }.map(\.check) }

    /// A plain-text table: one line per check with its status and reason.
    public var table: String {
        let width = InstreamConformanceCheck.allCases.map(\.rawValue.count).max() ?? 0
        var lines = ["\(subjectName) (\(customEventIdentifier)): \(passed ? "PASSED" : "FAILED")"]
        for result in results {
            let name = result.check.rawValue
            lines.append(
                "  \(name)\(String(repeating: " ", count: width - name.count))  \(result.status.rawValue)  \(result.reason)"
            )
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
