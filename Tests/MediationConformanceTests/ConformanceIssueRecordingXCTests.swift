import MediationConformance
import MediationConformanceTesting
import XCTest

/// Outside Swift Testing, failed checks become XCTest failures. The failures are captured here (and only the
/// conformance ones), so that the test itself can pass.
final class ConformanceIssueRecordingXCTests: XCTestCase {
    private var captured: [String] = []

    override func recordFailure(
        withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
    ) {
        if description.contains("conformance check") {
            captured.append(description)
        } else {
            super.recordFailure(
                withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }

    func testFailedChecksBecomeXCTestFailures() {
        let recorded = recordConformanceIssues(SampleReports.failing)
        XCTAssertEqual(recorded, 2)
        XCTAssertEqual(captured.count, 2)
        XCTAssertTrue(captured.first?.contains("conformance check 'click-once' failed") == true)
        XCTAssertTrue(captured.last?.contains("conformance check 'versions-reported' failed") == true)
    }

    func testPassingReportRecordsNoXCTestFailure() {
        XCTAssertEqual(recordConformanceIssues(SampleReports.passing), 0)
        XCTAssertTrue(captured.isEmpty)
    }
}
