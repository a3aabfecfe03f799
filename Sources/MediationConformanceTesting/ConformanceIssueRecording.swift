import MediationConformance
import Testing
import XCTest

/// Runs the conformance kit on `subject` and records one test failure per failed check, in whichever test
/// framework is running: a Swift Testing issue inside a `@Test`, an `XCTFail` inside an `XCTestCase`.
///
/// ```swift
/// @Test func acmePassesTheKit() async {
///     let report = await expectConformance(.referenceExample)
///     #expect(report.passed)
/// }
/// ```
///
/// - Returns: the report, for further assertions or printing.
@discardableResult
public func expectConformance(
    _ subject: AdapterConformanceSubject,
    checks: [ConformanceCheck] = ConformanceCheck.allCases,
    options: ConformanceOptions = ConformanceOptions(),
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) async -> ConformanceReport {
    let report = await ConformanceKit.run(subject, checks: checks, options: options)
    recordConformanceIssues(report, fileID: fileID, filePath: filePath, line: line, column: column)
    return report
}

/// Records one test failure per failed check of `report` (and, in a strict report, per skipped check), naming
/// the subject, the check and its reason: through Swift Testing's `Issue.record` when a Swift Testing test is
/// running, through `XCTFail` otherwise.
///
/// - Returns: how many failures were recorded.
@discardableResult
public func recordConformanceIssues(
    _ report: ConformanceReport,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) -> Int {
    let failures = report.results.filter { $0.status == .failed || (report.strict && $0.status == .skipped) }
    for failure in failures {
        let message = conformanceFailureMessage(failure, subjectName: report.subjectName)
        if Test.current != nil {
            let location = SourceLocation(
                fileID: fileID, filePath: String(describing: filePath), line: Int(line), column: Int(column))
            Issue.record(Comment(rawValue: message), sourceLocation: location)
        } else {
            XCTFail(message, file: filePath, line: line)
        }
    }
    return failures.count
}

/// The text of one recorded failure: `<subject>: conformance check '<name>' failed: <reason>`, or
/// `… was skipped in strict mode: <reason>` for a skip.
public func conformanceFailureMessage(_ failure: ConformanceCheckResult, subjectName: String) -> String {
    let verb = failure.status == .skipped ? "was skipped in strict mode" : "failed"
    return "\(subjectName): conformance check '\(failure.check.rawValue)' \(verb): \(failure.reason)"
}
