import Foundation
import MediationConformance
import Testing

@Suite struct ConformanceReportTests {
    @Test func checkNamesAreStable() {
        #expect(
            ConformanceCheck.allCases.map(\.rawValue) == [
                "single-outcome-fill", "single-outcome-no-fill", "single-outcome-error", "single-outcome-sync",
                "single-outcome-double-callback", "silent-after-stop", "silent-after-ignored-cancel",
                "silent-after-timeout", "second-request-ignored", "missing-required-info", "fill-declared-keys",
                "fill-values-valid",
                "generated-fill-mapping", "image-precache-failure", "network-error-preserved", "impression-once",
                "click-once", "modal-and-leave-forwarded", "impression-once-when-shown", "registers-on-attach",
                "view-binding", "invalidation-expires", "host-reported-events", "request-forwarding",
                "bid-signal-in-time", "bid-markup-load", "invalid-bid-markup", "bid-markup-refused",
                "background-callbacks",
                "concurrent-loads",
                "released-after-ad", "versions-reported", "renderer-lists-custom-event",
            ])
        #expect(Set(ConformanceCheck.allCases.map(\.summary)).count == ConformanceCheck.allCases.count)
    }

    @Test func passedIgnoresSkipsButNotFailures() {
        #expect(SampleReports.passing.passed)
        #expect(!SampleReports.failing.passed)
        #expect(SampleReports.failing.failedChecks == [.clickForwardedOnce, .versionsReported])
        #expect(SampleReports.failing.count(.skipped) == 1)
        #expect(SampleReports.failing.result(for: .silentAfterStop) == nil)
    }

    @Test func aSkipIsNeverAPlainPass() throws {
        #expect(SampleReports.passing.verdict == "PASSED with 1 skipped")
        #expect(SampleReports.passing.table.hasPrefix("Acme native [AcmeNativeCustomEvent]: PASSED with 1 skipped ("))
        var strict = SampleReports.passing
        strict.strict = true
        #expect(!strict.passed)
        #expect(strict.verdict == "FAILED (strict: 1 skipped)")
        #expect(strict.skippedChecks == [.missingRequiredInfo])
        let error = #expect(throws: ConformanceFailure.self) { try strict.throwIfFailed() }
        #expect(
            error?.description == """
                Acme native failed 1 conformance check(s):
                  missing-required-info (skipped; strict): no required keys
                """)
        let decoded = try JSONDecoder().decode(ConformanceReport.self, from: Data(strict.jsonString.utf8))
        #expect(decoded.strict && !decoded.passed)
    }

    @Test func reasonsStayOnOneLine() {
        let result = ConformanceCheckResult.failed(.clickForwardedOnce, "first line\nsecond line\r\nthird")
        #expect(result.reason == "first line second line third")
    }

    @Test func tableHasVerdictHeaderAndOneRowPerCheck() {
        let expected = """
            Acme native [AcmeNativeCustomEvent]: FAILED (1 passed, 2 failed, 1 skipped)
              CHECK                  RESULT  REASON
              single-outcome-fill    pass    one didLoad
              click-once             FAIL    the adapter delegate got nothing
              missing-required-info  skip    no required keys
              versions-reported      FAIL    the adapter version is empty

            """
        #expect(SampleReports.failing.table == expected)
    }

    @Test func jsonIsDeterministicWithSortedKeys() {
        let expected = """
            {
              "checks" : [
                {
                  "name" : "single-outcome-fill",
                  "reason" : "one didLoad",
                  "status" : "passed"
                },
                {
                  "name" : "missing-required-info",
                  "reason" : "no required keys",
                  "status" : "skipped"
                }
              ],
              "customEvent" : "AcmeNativeCustomEvent",
              "passed" : true,
              "strict" : false,
              "subject" : "Acme native"
            }
            """
        #expect(SampleReports.passing.jsonString == expected)
        #expect(SampleReports.failing.jsonString == SampleReports.failing.jsonString)
    }

    @Test func jsonRoundTripsAndRecomputesTheVerdict() throws {
        let decoded = try JSONDecoder().decode(
            ConformanceReport.self, from: Data(SampleReports.failing.jsonString.utf8))
        #expect(decoded == SampleReports.failing)
        let lying = SampleReports.failing.jsonString.replacingOccurrences(
            of: "\"passed\" : false", with: "\"passed\" : true")
        let recomputed = try JSONDecoder().decode(ConformanceReport.self, from: Data(lying.utf8))
        #expect(!recomputed.passed)
    }

    @Test func severalReportsPrintAsOneArray() throws {
        let text = ConformanceReport.jsonString(of: [SampleReports.passing, SampleReports.failing])
        let decoded = try JSONDecoder().decode([ConformanceReport].self, from: Data(text.utf8))
        #expect(decoded == [SampleReports.passing, SampleReports.failing])
        #expect(text.hasPrefix("["))
    }

    @Test func throwIfFailedNamesEveryFailedCheck() {
        #expect(throws: Never.self) { try SampleReports.passing.throwIfFailed() }
        let error = #expect(throws: ConformanceFailure.self) { try SampleReports.failing.throwIfFailed() }
        #expect(error?.failedChecks == [.clickForwardedOnce, .versionsReported])
        #expect(
            error?.description == """
                Acme native failed 2 conformance check(s):
                  click-once: the adapter delegate got nothing
                  versions-reported: the adapter version is empty
                """)
    }
}
