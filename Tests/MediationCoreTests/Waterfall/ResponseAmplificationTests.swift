import Foundation
import Testing

@testable import MediationBridge
@testable import MediationCore

/// A small response cannot make the parser build a huge one. Limits on values and on elements
/// per container are checked while reading, the error names the limit and the JSON path, and the work done
/// (values read) stops at the limit.
@Suite struct ResponseAmplificationTests {
    /// A body of exactly `bytes` bytes: `{"ad-responses":[0,0,…,0]}`, about half a million tiny entries.
    static func tinyEntries(bytes: Int = 1 << 20) -> (data: Data, entries: Int) {
        let head = Array(#"{"ad-responses":["#.utf8)
        let tail = Array("]}".utf8)
        let entries = (bytes - head.count - tail.count + 1) / 2
        var body = head
        body.reserveCapacity(bytes)
        for index in 0..<entries {
            if index > 0 { body.append(UInt8(ascii: ",")) }
            body.append(UInt8(ascii: "0"))
        }
        body += tail
        return (Data(body), entries)
    }

    @Test func aMebibyteOfTinyEntriesIsRefusedAtTheArrayLimitNamingThePath() throws {
        let (data, entries) = Self.tinyEntries()
        #expect(data.count == 1 << 20)
        #expect(entries == 524_279)
        var parser = AdResponseParser()
        #expect(parser.parse(data, url: nil) == nil)
        let limit = AdResponseLimits.default.maximumElementsPerContainer
        let syntax = try #require(parser.syntaxError)
        #expect(syntax.exceedsLimit)
        #expect(syntax.path == "$.ad-responses")
        #expect(syntax.reason == "more than \(limit) elements in one array")
        #expect(parser.errors.map(\.description) == ["$.ad-responses: over a limit: \(syntax.reason) (byte 2017)"])
        // The work is bounded: the object, the array and the entries up to the limit; nothing was dropped one
        // by one.
        #expect(parser.valuesRead == limit + 2)
        #expect(parser.dropped.isEmpty)
    }

    @Test func theWholeDocumentHasABudgetOfValues() throws {
        // 60 arrays of 999 numbers: no array is over its limit, but the document is over 50,000 values.
        let row = "[" + Array(repeating: "1", count: 999).joined(separator: ",") + "]"
        let json = #"{"ad-responses": [], "x": ["# + Array(repeating: row, count: 60).joined(separator: ",") + "]}"
        var parser = AdResponseParser()
        #expect(parser.parse(Data(json.utf8), url: nil) == nil)
        let syntax = try #require(parser.syntaxError)
        #expect(syntax.exceedsLimit)
        #expect(syntax.reason == "more than 50000 values in one document")
        // 50,000 values: the top object, the empty array, `x`, then 50 rows of 1,000 (the row and its items)
        // less those three: the next value is item 996 of row 49.
        #expect(syntax.path == "$.x[49][996]")
        #expect(parser.valuesRead == 50_000)
    }

    @Test func objectsHaveTheSameLimitOnMembers() throws {
        let members = (0...1_000).map { #""k\#($0)": 0"# }.joined(separator: ",")
        let json = #"{"ad-responses": [{"metadata": {"# + members + "}}]}"
        do {
            _ = try AdResponse.parse(json: Data(json.utf8))
            Issue.record("expected the limit")
        } catch {
            #expect(error.syntaxError?.path == "$.ad-responses[0].metadata")
            #expect(error.syntaxError?.reason == "more than 1000 members in one object")
        }
    }

    @Test func theJSONInsideACustomEventDataStringCountsAgainstTheBudget() throws {
        let inner = #"{\"a\": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]}"#
        let json =
            #"{"ad-responses": [{"metadata": {"x-custom-event-class-name": "A", "x-custom-event-class-data": ""#
            + inner + #""}}]}"#
        let limits = AdResponseLimits(maximumJSONValues: 12)
        var parser = AdResponseParser(limits: limits)
        let parsed = parser.parse(Data(json.utf8), url: nil)
        let response = try #require(parsed)
        #expect(response.lines.isEmpty)
        let error = try #require(response.droppedEntries.first?.errors.first)
        #expect(error.description.contains("$.ad-responses[0].metadata.x-custom-event-class-data"))
        #expect(error.description.contains("over a limit: more than 12 values in one document"))
        #expect(parser.valuesRead == 12)
        // Within the budget it is read.
        let roomy = try AdResponse.parse(json: Data(json.utf8))
        #expect(roomy.lines.first?.info["a"]?.arrayValue?.count == 10)
    }

    static func utf16(_ text: String, bigEndian: Bool) -> [UInt8] {
        var bytes: [UInt8] = []
        for unit in text.utf16 {
            let pair = [UInt8(unit & 0xFF), UInt8(unit >> 8)]
            bytes += bigEndian ? pair.reversed() : pair
        }
        return bytes
    }

    static let notUTF8: [([UInt8], String)] = [
        ([0xFF, 0xFE] + utf16("{}", bigEndian: false), "UTF-16 little-endian"),
        ([0xFE, 0xFF] + utf16("{}", bigEndian: true), "UTF-16 big-endian"),
        (utf16("{}", bigEndian: false), "UTF-16 little-endian"),
    ]

    @Test(arguments: notUTF8)
    func textThatIsNotUTF8SaysSo(bytes: [UInt8], encoding: String) throws {
        do {
            _ = try AdResponse.parse(json: Data(bytes))
            Issue.record("expected an error")
        } catch {
            let syntax = try #require(error.syntaxError)
            #expect(syntax.reason.hasPrefix("not UTF-8: "))
            #expect(syntax.reason.contains(encoding))
            #expect(syntax.byteOffset == 0)
            #expect(error.firstError.description.contains("not valid JSON: not UTF-8"))
        }
    }

    @Test func aUTF8ByteOrderMarkIsNamed() throws {
        do {
            _ = try AdResponse.parse(json: Data([0xEF, 0xBB, 0xBF] + Array(#"{"ad-responses": []}"#.utf8)))
            Issue.record("expected an error")
        } catch {
            #expect(
                error.syntaxError?.reason
                    == "the text starts with a UTF-8 byte order mark (EF BB BF), which JSON text must not have")
        }
    }

    // MARK: Parsing an HTTP body

    static let url = URL(string: "https://ads.example/page?unit=1")!

    private func bodyError(_ body: Data, limits: AdResponseLimits = .default) -> MediationError? {
        do throws(MediationError) {
            _ = try AdResponse.parse(responseBody: body, from: Self.url, limits: limits)
            return nil
        } catch {
            return error
        }
    }

    @Test func aBodyThatIsNotJSONSaysSoWithTheByteOffsetAndTheURL() throws {
        guard case .invalidResponseBody(let url, let reason)? = bodyError(Data("<html>oops</html>".utf8)) else {
            Issue.record("expected invalidResponseBody")
            return
        }
        #expect(url == Self.url.absoluteString)
        #expect(reason == "not JSON: unexpected '<', expected a value at $ (byte 0)")
        guard case .invalidResponseBody(_, let late)? = bodyError(Data(#"{"ad-responses": [1,}"#.utf8)) else {
            Issue.record("expected invalidResponseBody")
            return
        }
        #expect(late.hasPrefix("not JSON: "))
        #expect(late.hasSuffix("(byte 20)"))
    }

    @Test func aUTF16BodyNamesTheEncodingAndTheURL() throws {
        let body = Data([0xFF, 0xFE] + Self.utf16(#"{"ad-responses": []}"#, bigEndian: false))
        guard case .invalidResponseBody(let url, let reason)? = bodyError(body) else {
            Issue.record("expected invalidResponseBody")
            return
        }
        #expect(url == Self.url.absoluteString)
        #expect(reason.hasPrefix("not JSON: not UTF-8: the text starts with a UTF-16 little-endian byte order mark"))
    }

    @Test func emptyTooLargeOverALimitAndInvalidBodies() throws {
        #expect(bodyError(Data()) == .invalidResponseBody(url: Self.url.absoluteString, reason: "the body is empty"))
        #expect(
            bodyError(Data("{}".utf8), limits: AdResponseLimits(maximumResponseBytes: 1))
                == .responseTooLarge(url: Self.url.absoluteString, limitBytes: 1))
        guard case .invalidResponseBody(_, let reason)? = bodyError(Self.tinyEntries().data) else {
            Issue.record("expected invalidResponseBody")
            return
        }
        #expect(reason == "over a limit: more than 1000 elements in one array at $.ad-responses (byte 2017)")
        #expect(
            bodyError(Data(#"{"ad-responses": 5}"#.utf8))
                == .invalidConfiguration(path: "$.ad-responses", reason: "expected an array of entries, got 5"))
        let body = Data(#"{"ad-responses": [{"metadata": {"x-custom-event-class-name": "A"}}]}"#.utf8)
        let response = try AdResponse.parse(responseBody: body, from: Self.url)
        #expect(response.lines.map(\.customEventIdentifier) == ["A"])
        #expect(response.url == Self.url)
    }

    @Test func limitsDecodeWithDefaultsForAbsentKeys() throws {
        let limits = try JSONDecoder().decode(AdResponseLimits.self, from: Data(#"{"maximumDepth": 8}"#.utf8))
        #expect(limits == AdResponseLimits(maximumDepth: 8))
        let encoded = try JSONEncoder().encode(AdResponseLimits(maximumJSONValues: 7))
        #expect(try JSONDecoder().decode(AdResponseLimits.self, from: encoded).maximumJSONValues == 7)
    }
}
