import Foundation
import MediationCore
import Testing

/// Numbers, errors and limits: what a broken or hostile ad server sends is refused with its path and
/// reason, never misread, and one bad entry no longer sinks the response.
@Suite struct HostileResponseTests {
    private func errors(_ json: String, limits: AdResponseLimits = .default) -> [String] {
        do {
            return try AdResponse.parse(json: Data(json.utf8), limits: limits).droppedEntries.flatMap(\.errors)
                .map(\.description)
        } catch {
            return error.errors.map(\.description)
        }
    }

    private func entry(_ metadata: String) -> String {
        #"{"ad-responses": [{"metadata": {"x-custom-event-class-name": "A", "# + metadata + "}}]}"
    }

    // MARK: Strict numbers

    @Test(arguments: [
        (#""x-ecpm": "1.8\u0000 anything""#, "x-ecpm"),
        (#""x-ecpm": "0x10""#, "x-ecpm"),
        (#""x-ecpm": "inf""#, "x-ecpm"),
        (#""x-ecpm": "1e400""#, "x-ecpm"),
        (#""x-ad-timeout-ms": "0x10""#, "x-ad-timeout-ms"),
        (#""x-ad-timeout-ms": "-0""#, "x-ad-timeout-ms"),
        (#""x-ad-timeout-ms": -0"#, "x-ad-timeout-ms"),
        (#""x-ad-timeout-ms": 1e-400"#, "x-ad-timeout-ms"),
        (#""x-ad-timeout-ms": 1e400"#, "x-ad-timeout-ms"),
        (#""x-refreshtime": "12abc""#, "x-refreshtime"),
    ])
    func lenientNumbersAreRefusedWithTheirPath(metadata: String, key: String) {
        let problems = errors(entry(metadata))
        #expect(problems.count == 1)
        #expect(problems.first?.hasPrefix("$.ad-responses[0].metadata.\(key): ") == true, "\(problems)")
    }

    @Test func plainDecimalsStillWork() throws {
        let response = try AdResponse.parse(
            json: Data(entry(#""x-ecpm": " 1.25 ", "x-ad-timeout-ms": "1500", "x-refreshtime": 30"#).utf8))
        #expect(response.lines.first?.price == 1.25)
        #expect(response.lines.first?.timeout == .milliseconds(1500))
        #expect(JSONDocument.decimal("-2e3") == -2000)
        #expect(JSONDocument.decimal("0x10") == nil)
        #expect(JSONDocument.decimal("1.8\u{0} anything") == nil)
        #expect(JSONDocument.decimal("") == nil)
        #expect(JSONValue.string("0x10").numberValue == nil)
        #expect(JSONValue.string("7").numberValue == 7)
    }

    @Test func anOutOfRangeNumberInAnIgnoredKeyIsIgnored() throws {
        let response = try AdResponse.parse(json: Data(entry(#""x-unknown": 1e400, "x-ecpm": 2"#).utf8))
        #expect(response.lines.count == 1)
        #expect(response.droppedEntries.isEmpty)
        let top = try AdResponse.parse(json: Data(#"{"ad-responses": [], "x-future": [1e400, -1e999]}"#.utf8))
        #expect(top.lines.isEmpty)
    }

    // MARK: Errors with a position

    @Test func truncatedJSONSaysWhereAndWhy() {
        let json = entry(#""x-ecpm": 2"#)
        let problems = errors(String(json.prefix(40)))
        #expect(problems.count == 1)
        #expect(problems.first?.contains("not valid JSON: unexpected end of input") == true, "\(problems)")
        #expect(problems.first?.contains("(byte 40)") == true, "\(problems)")
    }

    @Test func deepNestingIsRefusedWithoutCrashing() {
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        let problems = errors(#"{"ad-responses": [], "x": "# + deep + "}")
        #expect(problems.count == 1)
        #expect(problems.first?.contains("nesting deeper than 64") == true, "\(problems)")
        let deepInfo = String(repeating: "[", count: 100_000)
        #expect(errors(deepInfo).first?.contains("nesting deeper than 64") == true)
    }

    @Test func invalidUTF8IsReportedAtItsPath() {
        var bytes = Array(entry(#""x-network-name": "ok""#).utf8)
        let quote = bytes.lastIndex(of: UInt8(ascii: "k"))!
        bytes[quote] = 0xFF
        let problems: [String]
        do {
            _ = try AdResponse.parse(json: Data(bytes))
            problems = []
        } catch {
            problems = error.errors.map(\.description)
        }
        #expect(
            problems.first?.hasPrefix("$.ad-responses[0].metadata.x-network-name: not valid JSON: invalid UTF-8")
                == true, "\(problems)")
    }

    @Test func aLoneSurrogateIsReportedAtItsPath() {
        let problems = errors(entry(#""x-network-name": "a\ud800b""#))
        #expect(
            problems.first?.hasPrefix(
                #"$.ad-responses[0].metadata.x-network-name: not valid JSON: lone surrogate \uD800"#)
                == true, "\(problems)")
        #expect(errors(entry(#""x-network-name": "\ud83d\ude00""#)).isEmpty)
    }

    @Test func syntaxErrorsAreSpecific() throws {
        for (json, reason) in [
            ("", "the document is empty"),
            ("{\"a\": 1,}", "expected a quoted key"),
            ("{\"a\": 01}", "leading zero"),
            ("{\"a\": NaN}", "expected a value"),
            ("{\"a\": \"x\ny\"}", "unescaped control character"),
            ("{\"a\": 1} x", "after the end of the JSON value"),
        ] {
            #expect(throws: JSONSyntaxError.self) { try JSONDocument.parse(json) }
            do {
                _ = try JSONDocument.parse(json)
            } catch {
                #expect(error.reason.contains(reason), "\(json): \(error)")
            }
        }
    }

    // MARK: A bad entry is dropped, the rest runs

    @Test func aBadEntryIsDroppedWithItsErrorAndTheOthersRun() throws {
        let response = try AdResponse.parse(
            json: Data(
                #"""
                {"ad-responses": [
                  {"metadata": {"x-custom-event-class-name": "A"}},
                  {"metadata": {"x-custom-event-class-name": "B", "x-ad-timeout-ms": "soon"}},
                  {"metadata": {"x-custom-event-class-name": "C"}}
                ]}
                """#.utf8))
        #expect(response.lines.map(\.customEventIdentifier) == ["A", "C"])
        #expect(response.droppedEntries.count == 1)
        let dropped = try #require(response.droppedEntries.first)
        #expect(dropped.index == 1)
        #expect(dropped.isInvalid)
        #expect(
            dropped.errors.map(\.description) == [
                #"$.ad-responses[1].metadata.x-ad-timeout-ms: expected a non-negative integer, got "soon""#
            ])
    }

    // MARK: Limits

    @Test func anOversizedResponseIsRefused() {
        let limits = AdResponseLimits(maximumResponseBytes: 64)
        let problems = errors(entry(#""x-network-name": "\#(String(repeating: "n", count: 80))""#), limits: limits)
        #expect(problems.count == 1)
        #expect(problems.first?.contains("over the limit of 64 bytes") == true, "\(problems)")
    }

    @Test func entriesPastTheLimitAreDroppedWithAnError() throws {
        let entries = (0..<5).map { #"{"metadata": {"x-custom-event-class-name": "E\#($0)"}}"# }
        let json = #"{"ad-responses": ["# + entries.joined(separator: ",") + "]}"
        let response = try AdResponse.parse(json: Data(json.utf8), limits: AdResponseLimits(maximumLinesPerResponse: 3))
        #expect(response.lines.map(\.customEventIdentifier) == ["E0", "E1", "E2"])
        #expect(response.droppedEntries.map(\.index) == [3, 4])
        #expect(response.droppedEntries.allSatisfy { $0.isInvalid && $0.reason.contains("more than 3 entries") })
    }

    @Test func tooManyTrackersDropTheEntry() {
        let trackers = (0..<17).map { #""https://t.example/\#($0)""# }.joined(separator: ",")
        let problems = errors(entry(#""imptrackers": [\#(trackers)]"#))
        #expect(problems == ["$.ad-responses[0].metadata.imptrackers: 17 URLs, over the limit of 16 per key"])
    }
}
