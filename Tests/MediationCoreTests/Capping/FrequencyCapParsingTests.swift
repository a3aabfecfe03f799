import Foundation
import MediationCore
import Testing

/// The ad server's caps in the ad response: `x-frequency-cap` and `x-creative-id` on an entry's metadata, read into
/// the line, and every bad value refused with its JSON path (the entry is dropped; the others still run).
@Suite struct FrequencyCapParsingTests {
    private static func response(secondMetadata: String) throws -> AdResponse {
        try AdResponse.parse(
            json: Data(
                """
                {"ad-responses": [
                  {"metadata": {"x-custom-event-class-name": "A"}},
                  {"metadata": {"x-custom-event-class-name": "B", \(secondMetadata)}},
                  {"metadata": {"x-custom-event-class-name": "C"}}
                ]}
                """.utf8))
    }

    @Test func readsTheCapItsKeyAndTheCreative() throws {
        let response = try Self.response(
            secondMetadata: """
                "x-creative-id": " cr-42 ",
                "x-frequency-cap": {"max_impressions": "3", "window_ms": 3600000, "min_interval_ms": "30000",
                  "key": "li-9", "unknown": true}
                """)
        #expect(response.lines.map(\.customEventIdentifier) == ["A", "B", "C"])
        let line = response.lines[1]
        #expect(
            line.frequencyCap
                == (try FrequencyCap(maxImpressions: 3, per: .seconds(3_600), minimumInterval: .seconds(30))))
        #expect(line.frequencyCapKey == "li-9")
        #expect(line.creativeIdentifier == "cr-42")
        #expect(line.source(adUnitID: nil).creativeIdentifier == "cr-42")
        #expect(response.lines[0].frequencyCap == nil && response.lines[0].creativeIdentifier == nil)

        let pacing = try Self.response(secondMetadata: #""x-frequency-cap": {"min_interval_ms": 60000}"#)
        #expect(pacing.lines[1].frequencyCap == (try FrequencyCap(minimumInterval: .seconds(60))))
        #expect(pacing.lines[1].frequencyCapKey == nil)
        let none = try Self.response(secondMetadata: #""x-frequency-cap": null"#)
        #expect(none.lines[1].frequencyCap == nil)
    }

    @Test func aBadValueDropsItsEntryNamingItsJSONPath() throws {
        let cap = "$.ad-responses[1].metadata.x-frequency-cap"
        let cases: [(String, String)] = [
            (
                #"{"max_impressions": 0, "window_ms": 60000}"#,
                "\(cap).max_impressions: expected a whole number of impressions, 1...10000, got 0"
            ),
            (#"{"max_impressions": "many", "window_ms": 60000}"#, "\(cap).max_impressions: expected a whole number"),
            (#"{"max_impressions": 2.5, "window_ms": 60000}"#, "\(cap).max_impressions: expected a whole number"),
            (#"{"max_impressions": 3}"#, "\(cap).window_ms: a number of impressions needs the window it counts over"),
            (#"{"window_ms": 60000}"#, "\(cap).max_impressions: a window needs the number of impressions it allows"),
            (
                #"{"max_impressions": 3, "window_ms": 691200000}"#,
                "\(cap).window_ms: expected a positive duration of at most 7d, got 8d"
            ),
            (#"{"max_impressions": 3, "window_ms": 0}"#, "\(cap).window_ms: expected a positive duration"),
            (#"{"min_interval_ms": -5}"#, "\(cap).min_interval_ms: expected a non-negative integer, got -5"),
            (#"{"min_interval_ms": 1e400}"#, "\(cap).min_interval_ms: the number 1e400 is out of range"),
            (#"{}"#, "\(cap).max_impressions: a cap needs max_impressions with window_ms, min_interval_ms, or both"),
            (#"{"min_interval_ms": 1000, "key": ["a"]}"#, "\(cap).key: expected a string, got an array"),
            (
                #""3 per hour""#,
                "\(cap): expected an object with max_impressions and window_ms, min_interval_ms, or both"
            ),
        ]
        for (value, expected) in cases {
            let response = try Self.response(secondMetadata: #""x-frequency-cap": "# + value)
            #expect(response.lines.map(\.customEventIdentifier) == ["A", "C"], "\(value)")
            let dropped = try #require(response.droppedEntries.first, "\(value)")
            #expect(dropped.path == "$.ad-responses[1]")
            let problems = dropped.errors.map(\.description)
            #expect(problems.count == 1 && problems[0].hasPrefix(expected), "\(value): \(problems)")
        }
        let creative = try Self.response(secondMetadata: #""x-creative-id": {"id": 1}"#)
        #expect(
            creative.droppedEntries.first?.errors.first?.description
                == "$.ad-responses[1].metadata.x-creative-id: expected a string, got an object")
    }

    @Test func theFirstProblemIsTheLoadsErrorWhenTheBodyIsParsedAtOnce() throws {
        let body = Data(
            #"{"ad-responses": [{"metadata": {"x-custom-event-class-name": "A", "x-frequency-cap": {"max_impressions": -1, "window_ms": 1000}}}]}"#
                .utf8)
        let response = try AdResponse.parse(json: body)
        #expect(response.lines.isEmpty)
        #expect(
            response.droppedEntries.first?.errors.first
                == .invalidConfiguration(
                    path: "$.ad-responses[0].metadata.x-frequency-cap.max_impressions",
                    reason: "expected a whole number of impressions, 1...10000, got -1"))
    }
}
