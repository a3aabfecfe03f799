import Foundation
import MediationCore
import Testing

/// The ad-response parser reads a protocol-relative URL (`//host/path`) as https, by the rule every reader shares
/// (`MediationURLPolicy.resolvingProtocolRelative`), for trackers, before- and after-load URLs and `x-next-url`;
/// one without a host is still refused with its path.
@Suite struct ProtocolRelativeURLTests {
    @Test func theAdResponseParserReadsProtocolRelativeURLsAsHTTPS() throws {
        let response = try AdResponse.parse(
            json: Data(
                """
                {"ad-responses": [{"content": "", "metadata": {
                  "x-custom-event-class-name": "Network",
                  "x-before-load-url": "//t.example/before",
                  "x-after-load-url": " //t.example/after?d=%%LOAD_DURATION_MS%%&r=%%LOAD_RESULT%%",
                  "imptrackers": ["//t.example/imp", "https://t.example/imp2"],
                  "clicktrackers": "//t.example/click"}}],
                 "x-next-url": "//ads.example/page2"}
                """.utf8))
        let line = try #require(response.lines.first)
        #expect(line.beforeLoadURLs.map(\.absoluteString) == ["https://t.example/before"])
        #expect(
            line.afterLoadURLs.map { $0.url(loadDuration: .milliseconds(12), result: "ad_loaded")?.absoluteString }
                == ["https://t.example/after?d=12&r=ad_loaded"])
        #expect(line.impressionTrackers.map(\.absoluteString) == ["https://t.example/imp", "https://t.example/imp2"])
        #expect(line.clickTrackers.map(\.absoluteString) == ["https://t.example/click"])
        #expect(response.nextURL?.absoluteString == "https://ads.example/page2")
    }

    @Test func aProtocolRelativeURLWithoutAHostIsRefusedWithItsPath() {
        let json = """
            {"ad-responses": [{"content": "", "metadata": {
              "x-custom-event-class-name": "Network", "imptrackers": ["///imp"]}}]}
            """
        do {
            let response = try AdResponse.parse(json: Data(json.utf8))
            let errors = response.droppedEntries.flatMap(\.errors).map(\.description)
            #expect(
                errors.contains { $0.contains("$.ad-responses[0].metadata.imptrackers[0]") && $0.contains("///imp") },
                "\(errors)")
        } catch {
            let errors = error.errors.map(\.description)
            #expect(errors.contains { $0.contains("$.ad-responses[0].metadata.imptrackers[0]") }, "\(errors)")
        }
    }

    @Test(arguments: [
        ("//t.example/i", "https://t.example/i"), (" //t.example/i ", "https://t.example/i"),
        ("http://t.example/i", "http://t.example/i"), ("///i", nil), ("/t.example/i", nil), ("t.example/i", nil),
    ])
    func aTrackerURLIsReadByTheSharedRule(written: String, read: String?) {
        #expect(LoadURLTemplate.trackerURL(written)?.absoluteString == read)
    }
}
