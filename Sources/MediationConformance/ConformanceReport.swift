/// What the conformance kit found for one adapter: every check run, with its result.
public struct ConformanceReport: Sendable, Hashable {
    /// The subject's readable name.
    public var subjectName: String
    /// The custom event identifier of the subject.
    public var customEventIdentifier: String
    /// One result per check run, in check order.
    public var results: [ConformanceCheckResult]

    /// Creates a report.
    public init(subjectName: String, customEventIdentifier: String, results: [ConformanceCheckResult]) {
        self.subjectName = subjectName
        self.customEventIdentifier = customEventIdentifier
        self.results = results
    }

    /// Whether no check failed (skipped checks do not fail a report).
    public var passed: Bool { !results.contains { $0.status == .failed } }

    /// The failed checks, in check order.
    public var failedChecks: [ConformanceCheck] { results.filter { $0.status == .failed }.map(\.check) }

    /// The result of `check`, or `nil` when it was not run.
    public func result(for check: ConformanceCheck) -> ConformanceCheckResult? {
        results.first { $0.check == check }
    }

    /// How many checks ended with `status`.
    public func count(_ status: ConformanceCheckResult.Status) -> Int {
        results.count { $0.status == status }
    }

    /// Throws when any check failed.
    ///
    /// - Throws: ``ConformanceFailure`` naming the failed checks.
    public func throwIfFailed() throws(ConformanceFailure) {
        guard passed else { throw ConformanceFailure(report: self) }
    }
}
