/// What the conformance kit found for one adapter: every check run, with its result.
public struct ConformanceReport: Sendable, Hashable {
    /// The subject's readable name.
    public var subjectName: String
    /// The custom event identifier of the subject.
    public var customEventIdentifier: String
    /// One result per check run, in check order.
    public var results: [ConformanceCheckResult]
    /// Whether a skipped check fails the report (``ConformanceOptions/strict-swift.property``).
    public var strict: Bool

    /// Creates a report.
    public init(
        subjectName: String, customEventIdentifier: String, results: [ConformanceCheckResult], strict: Bool = false
    ) {
        self.subjectName = subjectName
        self.customEventIdentifier = customEventIdentifier
        self.results = results
        self.strict = strict
    }

    /// Whether no check failed and, in a strict report, none was skipped. A skip is never a pass: a non-strict
    /// report with skips reads "PASSED with N skipped" (``verdict``).
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

    /// The skipped checks, in check order.
    public var skippedChecks: [ConformanceCheck] { results.filter { $0.status == .skipped }.map(\.check) }

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

    /// Throws when any check failed, or (strict) was skipped.
    ///
    /// - Throws: ``ConformanceFailure`` naming the failed (and, strict, the skipped) checks.
    public func throwIfFailed() throws(ConformanceFailure) {
        guard passed else { throw ConformanceFailure(report: self) }
    }
}
