import MediationConformance
import MediationConformanceTesting
import MediationCore
import MediationSupport
import Testing

@Suite struct ConformanceIssueRecordingTests {
    @Test func oneSwiftTestingIssuePerFailedCheck() {
        let messages = Locked<[String]>([])
        withKnownIssue {
            let recorded = recordConformanceIssues(SampleReports.failing)
            #expect(recorded == 2)
        } matching: { issue in
            messages.withLock { $0.append(contentsOf: issue.comments.map(\.rawValue)) }
            return true
        }
        #expect(
            messages.current == [
                "Acme native: conformance check 'click-once' failed: the adapter delegate got nothing",
                "Acme native: conformance check 'versions-reported' failed: the adapter version is empty",
            ])
    }

    @Test func strictReportRecordsEverySkipAsAnIssue() {
        var strict = SampleReports.passing
        strict.strict = true
        let messages = Locked<[String]>([])
        withKnownIssue {
            #expect(recordConformanceIssues(strict) == 1)
        } matching: { issue in
            messages.withLock { $0.append(contentsOf: issue.comments.map(\.rawValue)) }
            return true
        }
        #expect(
            messages.current == [
                "Acme native: conformance check 'missing-required-info' was skipped in strict mode: no required keys"
            ])
    }

    @Test func passingReportRecordsNothing() {
        #expect(recordConformanceIssues(SampleReports.passing) == 0)
    }

    @Test func expectConformanceRecordsTheKitsFailures() async {
        let messages = Locked<[String]>([])
        await withKnownIssue {
            let report = await expectConformance(.faulty(.missingVersion), options: .fastFailing)
            #expect(report.failedChecks == [.versionsReported])
        } matching: { issue in
            messages.withLock { $0.append(contentsOf: issue.comments.map(\.rawValue)) }
            return true
        }
        #expect(
            messages.current == [
                "Faulty adapter (missingVersion): conformance check 'versions-reported' failed: the adapter version"
                    + " is empty"
            ])
    }
}
