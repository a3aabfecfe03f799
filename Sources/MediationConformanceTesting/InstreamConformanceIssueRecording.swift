import MediationConformance
import Testing
import XCTest

/// Runs the in-stream conformance kit on `subject` and records one test failure per failed check (and, `strict`,
/// per skipped check), in whichever test framework is running.
///
/// ```swift
/// @Test func acmeVideoPassesTheKit() {
///     let subject = InstreamConformanceSubject(
///         name: "Acme in-stream video", customEventIdentifier: "AcmeInstreamVideoCustomEvent", format: .video,
///         info: ["slotId": .string("1")], expectations: InstreamConformanceExpectations(requiredInfoKeys: ["slotId"])
///     ) { script, _ in
///         let network = SimulatedInstreamCustomEvent(script: script)  // your custom event over your stand-in here
///         return .init(customEvent: network) { network.callLog }
///     }
///     let report = expectConformance(subject, strict: true)
///     print(report.table)
/// }
/// ```
///
/// - Returns: the report, for further assertions or printing.
@discardableResult
public func expectConformance(
    _ subject: InstreamConformanceSubject,
    strict: Bool = false,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) -> InstreamConformanceReport {
    let report = InstreamConformanceKit.run(subject, strict: strict)
    recordConformanceIssues(report, fileID: fileID, filePath: filePath, line: line, column: column)
    return report
}

/// Runs the in-stream conformance kit on `subject` without blocking a thread (``InstreamConformanceKit/check(_:strict:)``:
/// a custom event whose load outcome comes asynchronously, such as a VAST-based one, is awaited) and records one test
/// failure per failed check (and, `strict`, per skipped check), in whichever test framework is running.
///
/// - Returns: the report, for further assertions or printing.
@discardableResult
public func checkConformance(
    _ subject: InstreamConformanceSubject,
    strict: Bool = false,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) async -> InstreamConformanceReport {
    let report = await InstreamConformanceKit.check(subject, strict: strict)
    recordConformanceIssues(report, fileID: fileID, filePath: filePath, line: line, column: column)
    return report
}

/// Records one test failure per failed check of an in-stream `report` (and, in a strict report, per skipped
/// check), naming the subject, the check and its reason, as the native `recordConformanceIssues` does.
///
/// - Returns: how many failures were recorded.
@discardableResult
public func recordConformanceIssues(
    _ report: InstreamConformanceReport,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) -> Int {
    let failures = report.results.filter { $0.status == .failed || (report.strict && $0.status == .skipped) }
    for failure in failures {
        let verb = failure.status == .skipped ? "was skipped in strict mode" : "failed"
        let message = "\(report.subjectName): conformance check '\(failure.check.rawValue)' \(verb): \(failure.reason)"
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
