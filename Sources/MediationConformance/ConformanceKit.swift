/// The adapter conformance kit: runs every check of the adapter contract on an adapter described by an
/// ``AdapterConformanceSubject`` and returns a ``ConformanceReport``.
///
/// It depends on no test framework: use ``run(_:checks:options:)`` and read the report, or
/// ``verify(_:checks:options:)``, which throws a ``ConformanceFailure`` naming the failed checks. The
/// `MediationConformanceTesting` module turns failures into Swift Testing issues or XCTest failures.
///
/// Every check builds a fresh world (a manual clock, a new network stand-in, new custom events), so checks
/// are independent and deterministic; only the background-thread and concurrency checks wait in real time, bounded
/// by ``ConformanceOptions/backgroundWaitLimit``, and only the version check measures real time. With
/// ``ConformanceOptions/strict-swift.type.property`` a skipped check fails the report.
///
/// ```swift
/// let report = await ConformanceKit.run(.referenceExample)
/// print(report.table)
/// ```
public enum ConformanceKit {
    /// Runs `checks` (all by default, always in `ConformanceCheck.allCases` order) on `subject`.
    public static func run(
        _ subject: AdapterConformanceSubject,
        checks: [ConformanceCheck] = ConformanceCheck.allCases,
        options: ConformanceOptions = ConformanceOptions()
    ) async -> ConformanceReport {
        let run = ConformanceRun(subject: subject, options: options)
        var results: [ConformanceCheckResult] = []
        for check in ConformanceCheck.allCases where checks.contains(check) {
            results.append(await run.result(of: check))
        }
        return ConformanceReport(
            subjectName: subject.name, customEventIdentifier: subject.customEventIdentifier, results: results,
            strict: options.strict)
    }

    /// Runs `checks` on `subject` and throws unless every one passed or was skipped.
    ///
    /// - Returns: the report, when nothing failed.
    /// - Throws: ``ConformanceFailure`` with the full report, naming the failed checks.
    @discardableResult
    public static func verify(
        _ subject: AdapterConformanceSubject,
        checks: [ConformanceCheck] = ConformanceCheck.allCases,
        options: ConformanceOptions = ConformanceOptions()
    ) async throws(ConformanceFailure) -> ConformanceReport {
        let report = await run(subject, checks: checks, options: options)
        try report.throwIfFailed()
        return report
    }
}
