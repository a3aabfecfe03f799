import Foundation
import Testing

@testable import MediationCore

/// A wire record's URL redaction, its place in the trace's JSON, and the inspector's requests section.
@Suite struct WireRecordTests {
    @Test func secretsAndConsentStringsAreRedactedFromTheURL() throws {
        let url = try #require(
            URL(
                string: "https://user:pw@ads.example/ad?id=feed&gdpr_consent=CPX&US_PRIVACY=1YNN&gpp=DBA&token=t0k"
                    + "&lang=de&api_key=k&ifa=6D92078A"))
        let record = WireRecord(kind: .adRequest, url: url, method: "GET", outcome: "answered")
        #expect(
            record.url
                == "https://ads.example/ad?id=feed&gdpr_consent=REDACTED&US_PRIVACY=REDACTED&gpp=REDACTED"
                + "&token=REDACTED&lang=de&api_key=REDACTED&ifa=REDACTED")
    }

    @Test func theRequestsRoundTripThroughTheTraceJSONAndAnOlderTraceReadsWithout() throws {
        var trace = MediationTrace(outcome: "loaded")
        let url = try #require(URL(string: "http://127.0.0.1:8080/openrtb2/auction"))
        trace.requests = [
            WireRecord(
                kind: .bidRequest, url: url, method: "POST", status: 200, responseBytes: 1234,
                duration: .milliseconds(42), outcome: "1 bid(s)",
                sent: [WireRecord.Field(name: "device.ifa", value: "withheld by privacy")])
        ]
        let json = trace.jsonString(prettyPrinted: false)
        #expect(json.contains("\"durationMs\":42") && json.contains("\"kind\":\"bid_request\""))
        #expect(try MediationTrace.decode(json: Data(json.utf8)) == trace)

        let older = #"{"entries": [], "outcome": "no_fill", "droppedEntries": [], "notes": []}"#
        let decoded = try MediationTrace.decode(json: Data(older.utf8))
        #expect(decoded.requests.isEmpty)
        #expect(!decoded.jsonString(prettyPrinted: false).contains("requests"))
    }

    @Test func aRunWithoutRequestsSaysSoAndEachRequestIsARow() throws {
        var trace = MediationTrace(outcome: "no_fill")
        let empty = MediationInspector.htmlPage(for: MediationInspection(trace: trace))
        #expect(empty.contains("None recorded: the run's response was handed to the mediator."))
        let url = try #require(URL(string: "https://ads.example/ad?id=feed"))
        trace.requests = [
            WireRecord(
                kind: .adRequest, url: url, method: "GET", status: 503, responseBytes: 17, duration: .milliseconds(8),
                outcome: "http_status"),
            WireRecord(kind: .bidRequest, url: url, method: "POST", duration: .milliseconds(300), outcome: "cancelled"),
        ]
        let page = MediationInspector.htmlPage(for: MediationInspection(trace: trace))
        #expect(page.contains("<td>ad request</td><td>GET</td>"))
        #expect(page.contains("<td>503</td><td>17</td><td>8ms</td><td>http_status</td>"))
        #expect(page.contains("<td>-</td><td>-</td><td>300ms</td><td>cancelled</td>"))
    }
}
