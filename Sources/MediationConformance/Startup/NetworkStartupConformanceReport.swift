import MediationCore

/// What the start-up kit found on one configuration.
public struct NetworkStartupConformanceReport: Sendable, Hashable {
    /// The subject's name.
    public var subjectName: String
    /// One result per check, in the order the checks are declared.
    public var results: [NetworkStartupCheckResult]

    /// Creates a report.
    public init(subjectName: String, results: [NetworkStartupCheckResult]) {
        self.subjectName = subjectName
        self.results = results
    }

    /// Whether no check failed.
    public var passed: Bool { !results.contains { $0.status == .failed } }

    /// The checks that failed.
    public var failedChecks: [NetworkStartupCheck] { results.filter { $0.status == .failed }.map(\.check) }

    /// The result of `check`, if it ran.
    public func result(of check: NetworkStartupCheck) -> NetworkStartupCheckResult? {
        results.first { $0.check == check }
    }

    /// One line per check: `status  check  reason`.
    public var table: String {
        let width = NetworkStartupCheck.allCases.map(\.rawValue.count).max() ?? 0
        return results.map { result in
            let name = result.check.rawValue.padding(toLength: width, withPad: " ", startingAt: 0)
            return
                "\(result.status.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)) \(name)  \(result.reason)"
        }.joined(separator: "\n")
    }
}
