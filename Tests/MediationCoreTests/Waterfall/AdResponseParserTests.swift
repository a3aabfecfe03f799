import Foundation
import MediationCore
import Testing

@Suite struct AdResponseParserTests {
    private func parse(_ json: String) throws(AdResponseParsingError) -> AdResponse {
        try AdResponse.parse(json: Data(json.utf8))
    }

    /// Every problem: the errors of a rejected response, or those of the entries a parsed one dropped.
    private func errors(_ json: String) -> [MediationError] {
        do {
            return try parse(json).droppedEntries.flatMap(\.errors)
        } catch {
            return error.errors
        }
    }

    @Test func parsesEveryMetadataKey() throws {
        let response = try parse(
            """
            {
              "ad-responses": [{
                "content": "{\\"body\\":1}",
                "metadata": {
                  "x-adtype": "custom",
                  "x-custom-event-class-name": "MyTargetNativeBannerCustomEvent",
                  "x-custom-event-class-data": {"slotId": 1234},
                  "x-ad-timeout-ms": 2500,
                  "x-before-load-url": "https://t.example/before",
                  "x-after-load-url": "https://t.example/after?d=%%LOAD_DURATION_MS%%&r=%%LOAD_RESULT%%",
                  "x-after-load-success-url": ["https://t.example/ok"],
                  "x-after-load-fail-url": "https://t.example/fail",
                  "imptrackers": ["https://t.example/imp1", "https://t.example/imp2"],
                  "x-imptracker": "https://t.example/imp3",
                  "clicktrackers": "https://t.example/click",
                  "x-refreshtime": 30,
                  "adm": "<markup>",
                  "x-ecpm": "1.25",
                  "x-network-name": "myTarget"
                }
              }],
              "x-next-url": "https://ads.example/page2",
              "adunit-format": "native",
              "backoff_ms": 5000,
              "backoff_reason": "too many requests",
              "x-ad-unit-id": "feed"
            }
            """)
        #expect(response.lines.count == 1)
        let line = try #require(response.lines.first)
        #expect(line.customEventIdentifier == "MyTargetNativeBannerCustomEvent")
        #expect(line.info.string("slotId") == "1234")
        #expect(line.timeout == .milliseconds(2500))
        #expect(line.beforeLoadURLs == [URL(string: "https://t.example/before")])
        #expect(
            line.afterLoadURLs.map(\.template) == ["https://t.example/after?d=%%LOAD_DURATION_MS%%&r=%%LOAD_RESULT%%"])
        #expect(line.afterLoadSuccessURLs.map(\.template) == ["https://t.example/ok"])
        #expect(line.afterLoadFailURLs.map(\.template) == ["https://t.example/fail"])
        #expect(
            line.impressionTrackers.map(\.absoluteString) == [
                "https://t.example/imp1", "https://t.example/imp2", "https://t.example/imp3",
            ])
        #expect(line.clickTrackers.map(\.absoluteString) == ["https://t.example/click"])
        #expect(line.refreshInterval == .seconds(30))
        #expect(line.adMarkup == "<markup>")
        #expect(line.price == 1.25)
        #expect(line.networkName == "myTarget")
        #expect(line.adType == "custom")
        #expect(line.content == "{\"body\":1}")
        #expect(line.entryIndex == 0)
        #expect(response.nextURL == URL(string: "https://ads.example/page2"))
        #expect(response.adUnitFormat == "native")
        #expect(response.backoff == .milliseconds(5000))
        #expect(response.backoffReason == "too many requests")
        #expect(response.adUnitID == "feed")
        #expect(response.droppedEntries.isEmpty)
    }

    @Test func appliesDefaultsForMissingOptionalKeys() throws {
        let response = try parse(#"{"ad-responses": [{"metadata": {"x-custom-event-class-name": "A"}}]}"#)
        let line = try #require(response.lines.first)
        #expect(line.timeout == WaterfallLine.defaultTimeout)
        #expect(line.info == CustomEventInfo())
        #expect(line.beforeLoadURLs.isEmpty && line.impressionTrackers.isEmpty && line.clickTrackers.isEmpty)
        #expect(line.price == nil && line.networkName == nil && line.adMarkup == nil && line.refreshInterval == nil)
        #expect(response.nextURL == nil && response.backoff == nil && response.adUnitID == nil)
    }

    @Test func timeoutZeroMeansNoTimeout() throws {
        let response = try parse(
            #"{"ad-responses": [{"metadata": {"x-custom-event-class-name": "A", "x-ad-timeout-ms": 0}}]}"#)
        #expect(response.lines.first?.timeout == nil)
    }

    @Test func acceptsNumbersAsStrings() throws {
        let response = try parse(
            """
            {"ad-responses": [{"metadata": {"x-custom-event-class-name": "A", "x-ad-timeout-ms": "1500",
              "x-refreshtime": "45", "x-ecpm": "0.5"}}], "backoff_ms": "2000"}
            """)
        let line = try #require(response.lines.first)
        #expect(line.timeout == .milliseconds(1500))
        #expect(line.refreshInterval == .seconds(45))
        #expect(line.price == 0.5)
        #expect(response.backoff == .milliseconds(2000))
    }

    @Test func acceptsClassDataAsObjectStringEmptyOrNull() throws {
        let response = try parse(
            """
            {"ad-responses": [
              {"metadata": {"x-custom-event-class-name": "A", "x-custom-event-class-data": {"NativeListId": "7"}}},
              {"metadata": {"x-custom-event-class-name": "B", "x-custom-event-class-data": "{\\"slotId\\": 42}"}},
              {"metadata": {"x-custom-event-class-name": "C", "x-custom-event-class-data": ""}},
              {"metadata": {"x-custom-event-class-name": "D", "x-custom-event-class-data": null}},
              {"metadata": {"x-custom-event-class-name": "E", "x-nativeparams": {"placement": "p"}}}
            ]}
            """)
        #expect(
            response.lines.map { $0.info } == [
                ["NativeListId": .string("7")], ["slotId": .number(42)], [:], [:], ["placement": .string("p")],
            ])
    }

    @Test func acceptsTrackersAsStringOrArrayAndDedupes() throws {
        let response = try parse(
            """
            {"ad-responses": [{"metadata": {"x-custom-event-class-name": "A",
              "clicktrackers": ["https://t.example/c", "", null, "https://t.example/c"],
              "imptrackers": "https://t.example/i", "x-imptracker": "https://t.example/i"}}]}
            """)
        let line = try #require(response.lines.first)
        #expect(line.clickTrackers.map(\.absoluteString) == ["https://t.example/c"])
        #expect(line.impressionTrackers.map(\.absoluteString) == ["https://t.example/i"])
    }

    @Test func acceptsNullWhereAnOptionalValueIsAllowed() throws {
        let response = try parse(
            """
            {"ad-responses": [{"content": null, "metadata": {"x-custom-event-class-name": "A", "x-ad-timeout-ms": null,
              "imptrackers": null, "clicktrackers": null, "x-ecpm": null, "adm": null, "x-network-name": null}}],
             "x-next-url": null, "backoff_ms": null, "adunit-format": null}
            """)
        let line = try #require(response.lines.first)
        #expect(line.timeout == WaterfallLine.defaultTimeout)
        #expect(line.price == nil)
        #expect(response.nextURL == nil && response.backoff == nil)
    }

    @Test func dropsEntriesWithoutMetadataAndSaysSo() throws {
        let response = try parse(
            """
            {"ad-responses": [
              {"content": "x"},
              {"metadata": {"x-custom-event-class-name": "A"}},
              {"metadata": null},
              {"metadata": {}},
              {"metadata": {"x-adtype": "clear"}},
              {"metadata": {"x-warmup": "1", "x-custom-event-class-name": "W"}},
              {"metadata": {"x-custom-event-class-name": "B"}}
            ]}
            """)
        #expect(response.lines.map(\.customEventIdentifier) == ["A", "B"])
        #expect(response.lines.map(\.entryIndex) == [1, 6])
        #expect(response.droppedEntries.map(\.index) == [0, 2, 3, 4, 5])
        #expect(response.droppedEntries.first?.path == "$.ad-responses[0]")
        #expect(response.droppedEntries.first?.reason == "no metadata")
        #expect(response.droppedEntries.first?.description == "$.ad-responses[0]: dropped (no metadata)")
    }

    @Test func zeroUsableEntriesIsAValidEmptyResponse() throws {
        #expect(try parse(#"{"ad-responses": []}"#).lines.isEmpty)
        #expect(try parse(#"{"ad-responses": [{"content": "x"}]}"#).lines.isEmpty)
    }

    @Test func badTimeoutNamesItsPath() {
        let errors = errors(
            """
            {"ad-responses": [{"metadata": {"x-custom-event-class-name": "A"}},
              {"metadata": {"x-custom-event-class-name": "B"}},
              {"metadata": {"x-custom-event-class-name": "C", "x-ad-timeout-ms": "abc"}}]}
            """)
        #expect(
            errors == [
                .invalidConfiguration(
                    path: "$.ad-responses[2].metadata.x-ad-timeout-ms",
                    reason: #"expected a non-negative integer, got "abc""#)
            ])
        #expect(
            errors.first?.description
                == #"$.ad-responses[2].metadata.x-ad-timeout-ms: expected a non-negative integer, got "abc""#)
    }

    @Test func collectsEveryErrorInDocumentOrder() {
        let errors = errors(
            """
            {"ad-responses": [
              {"metadata": {"x-ad-timeout-ms": -5, "x-ecpm": "cheap"}},
              {"metadata": {"x-custom-event-class-name": "B", "x-custom-event-class-data": "not json",
                "clicktrackers": ["https://t.example/ok", 7], "x-before-load-url": "not a url"}},
              "oops"
            ], "x-next-url": "ftp://x", "backoff_ms": true}
            """)
        #expect(
            errors.map(\.description) == [
                "$.ad-responses[0].metadata.x-custom-event-class-name: missing required key 'x-custom-event-class-name'",
                "$.ad-responses[0].metadata.x-ad-timeout-ms: expected a non-negative integer, got -5",
                #"$.ad-responses[0].metadata.x-ecpm: expected a non-negative price, got "cheap""#,
                #"$.ad-responses[1].metadata.x-custom-event-class-data: expected a JSON object or a string holding one, got "not json" (not valid JSON: unexpected 'o' in 'null' at byte 1)"#,
                #"$.ad-responses[1].metadata.x-before-load-url: expected an absolute http(s) URL, got "not a url""#,
                "$.ad-responses[1].metadata.clicktrackers[1]: expected a URL string, got 7",
                #"$.ad-responses[2]: expected an object with 'metadata', got "oops""#,
                #"$.x-next-url: expected an absolute http(s) URL, got "ftp://x""#,
                "$.backoff_ms: expected a non-negative integer, got true",
            ])
    }

    @Test func rejectsWhatCannotBeAResponse() {
        #expect(errors("{").first?.description.hasPrefix("$: not valid JSON") == true)
        #expect(
            errors("[]") == [
                .invalidConfiguration(
                    path: "$", reason: "expected an object with an 'ad-responses' array, got an array")
            ])
        #expect(
            errors("{}") == [
                .invalidConfiguration(path: "$.ad-responses", reason: "missing required key 'ad-responses'")
            ])
        #expect(
            errors(#"{"ad-responses": {}}"#) == [
                .invalidConfiguration(path: "$.ad-responses", reason: "expected an array of entries, got an object")
            ])
        #expect(
            errors(#"{"ad-responses": [{"metadata": "m"}]}"#) == [
                .invalidConfiguration(path: "$.ad-responses[0].metadata", reason: #"expected an object, got "m""#)
            ])
    }

    @Test func rejectsBadValuesOfOtherKeys() {
        #expect(
            errors(#"{"ad-responses": [{"metadata": {"x-custom-event-class-name": ""}}]}"#).map(\.description) == [
                #"$.ad-responses[0].metadata.x-custom-event-class-name: expected a non-empty string, got """#
            ])
        #expect(
            errors(#"{"ad-responses": [{"metadata": {"x-custom-event-class-name": "A", "x-ad-timeout-ms": 1.5}}]}"#)
                .first?.description
                == "$.ad-responses[0].metadata.x-ad-timeout-ms: expected a non-negative integer, got 1.5")
        #expect(
            errors(#"{"ad-responses": [{"metadata": {"x-custom-event-class-name": "A", "x-ad-timeout-ms": 1e12}}]}"#)
                .first?.description
                == "$.ad-responses[0].metadata.x-ad-timeout-ms: expected at most 2147483647 milliseconds, got 1000000000000"
        )
        #expect(
            errors(
                #"{"ad-responses": [{"metadata": {"x-custom-event-class-name": "A", "x-custom-event-class-data": [1]}}]}"#
            )
            .first?.description
                == "$.ad-responses[0].metadata.x-custom-event-class-data: expected a JSON object or a string holding one, got an array"
        )
        #expect(
            errors(
                #"{"ad-responses": [{"metadata": {"x-custom-event-class-name": "A", "x-after-load-url": "nope %%LOAD_RESULT%%"}}]}"#
            )
            .first?.description
                == #"$.ad-responses[0].metadata.x-after-load-url: expected an absolute http(s) URL, got "nope %%LOAD_RESULT%%""#
        )
        #expect(
            errors(#"{"ad-responses": [{"metadata": {"x-custom-event-class-name": "A", "x-warmup": "maybe"}}]}"#)
                .first?.description == #"$.ad-responses[0].metadata.x-warmup: expected true or false, got "maybe""#)
    }

    @Test func negativeBackoffIsZeroAndRefreshIsClampedToTenSeconds() throws {
        let response = try parse(
            #"{"ad-responses": [{"metadata": {"x-custom-event-class-name": "A", "x-refreshtime": 3}}], "backoff_ms": -10}"#
        )
        #expect(response.backoff == .zero)
        #expect(response.lines.first?.refreshInterval == .seconds(10))
    }

    @Test func keepsTheURLItWasLoadedFrom() throws {
        let url = try #require(URL(string: "https://ads.example/page1"))
        let response = try AdResponse.parse(json: Data(#"{"ad-responses": []}"#.utf8), url: url)
        #expect(response.url == url)
    }

    @Test func afterLoadTemplatesExpandTheirMacros() throws {
        let template = try LoadURLTemplate("https://t.example/a?d=%%LOAD_DURATION_MS%%&r=%%LOAD_RESULT%%")
        #expect(
            template.url(loadDuration: .milliseconds(1234), result: "timeout")?.absoluteString
                == "https://t.example/a?d=1234&r=timeout")
        #expect(throws: MediationError.self) { try LoadURLTemplate("mailto:someone") }
    }
}
