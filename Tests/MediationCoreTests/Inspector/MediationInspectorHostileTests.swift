import Foundation
import MediationTesting
import Testing

@testable import MediationCore

/// The reliability suite's hostile cases fed through the inspector: every string from a network, a server or a
/// host is escaped, no URL becomes a link, nothing loads or runs.
@Suite struct MediationInspectorHostileTests {
    /// Markup, attribute breaks, CSS and SVG breaks, bidirectional overrides and control characters.
    static let hostileStrings = [
        "<script>alert(1)</script>", "\"><img src=x onerror=alert(1)>", "'><svg onload=alert(1)>",
        "</style><script>alert(2)</script>", "</text></svg><iframe src=https://evil.example/>",
        "javascript:alert(1)", "a&b<c>d", "rlo\u{202E}evil\u{2066}x\u{2069}", "line\nbreak\u{1B}[31m",
        "expression(alert(1));background:url(https://evil.example/x.png)",
    ]

    /// A trace where every string a server or network sends is hostile.
    static func hostileTrace() throws -> MediationTrace {
        let hostile = hostileStrings
        var entries: [MediationTraceEntry] = []
        for (index, text) in hostile.enumerated() {
            entries.append(
                MediationTraceEntry(
                    line: index, customEvent: text, network: text, price: 1, start: .milliseconds(Int64(index) * 10),
                    duration: .milliseconds(5), result: index == 0 ? .loaded : .error, errorCode: text, detail: text,
                    isWinner: index == 0))
        }
        entries.append(
            MediationTraceEntry(
                line: 1, customEvent: hostile[1], network: hostile[1], start: .milliseconds(90), duration: nil,
                result: .lateCallback, detail: hostile[2]))
        var trace = MediationTrace(
            entries: entries, winner: 0, outcome: hostile[0],
            droppedEntries: [DroppedAdResponseEntry(index: 3, path: hostile[3], reason: hostile[4])], notes: hostile)
        let unsafeURLs = try HostileContentTests.unsafe.map { try #require(URL(string: $0)) }
        trace.auction = AuctionRecord(
            rule: .unifiedFirstPrice, floor: 1,
            order: hostile.enumerated().map { index, text in
                AuctionRecordEntry(
                    place: index, entryIndex: index, line: index < 2 ? index : nil, kind: .bid, customEvent: text,
                    network: text, price: 2, currencyCode: text, bidID: text, result: text,
                    lossReason: .lostToHigherBid, detail: text)
            },
            notices: unsafeURLs.map { AuctionNoticeRecord(kind: .loss, place: 1, line: 1, url: $0) },
            signals: hostile.map {
                BidSignalRecord(customEvent: $0, network: $0, result: .collected, took: .milliseconds(3), detail: $0)
            })
        // The wire rows: a hostile server's URLs, and every string a record carries.
        trace.requests = zip(unsafeURLs, hostile).map { url, text in
            WireRecord(
                kind: .bidRequest, url: url, method: text, status: 200, responseBytes: 10, duration: .milliseconds(4),
                outcome: text, sent: [WireRecord.Field(name: text, value: text)])
        }
        return trace
    }

    @Test func hostileStringsAreEscapedAndNothingRunsLoadsOrLinks() throws {
        let unsafeURLs = try HostileContentTests.unsafe.map { try #require(URL(string: $0)) }
        var winner = MisbehaviourMatrixTests.hostileProperties
        try winner.setText(Self.hostileStrings[0], for: .title)
        try winner.setText(Self.hostileStrings[1], for: .text)
        try winner.setText(Self.hostileStrings[2], for: .advertisingLabel)
        try winner.setText(Self.hostileStrings[3], for: .callToAction)
        try winner.setText(Self.hostileStrings[4], for: .disclaimer)
        var privacy = PrivacySettings.unrestricted
        try privacy.setTCFConsentString("CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA")
        let inspection = MediationInspection(
            title: Self.hostileStrings[1], trace: try Self.hostileTrace(), privacy: privacy,
            targeting: try Targeting(age: 30, language: "en"), winner: winner,
            trackers: unsafeURLs.map {
                MediationInspection.Tracker(url: $0, event: .click, result: Self.hostileStrings[2])
            },
            adapters: Self.hostileStrings.map {
                MediationAdapterStatus(
                    customEvent: $0, network: $0, adapterVersion: $0, networkSDKVersion: $0, renderer: $0,
                    rendererSettings: $0)
            },
            strategy: Self.hostileStrings[5], bound: .milliseconds(100))
        let page = InspectorPage(inspection)
        #expect(page.safetyProblems.isEmpty, "\(page.safetyProblems)")
        let html = page.html
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), "shown as text")
        #expect(html.contains("&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"))
        #expect(html.contains("&#39;&gt;&lt;svg onload=alert(1)&gt;"))
        #expect(!html.contains("\u{202E}") && !html.contains("\u{2066}") && !html.contains("\u{1B}"))
        #expect(html.contains("rlo\\u{202E}evil"), "bidirectional overrides made visible")
        #expect(!html.contains("CPXxRfAPXxRfAAfKABENB"), "the consent string's content is never shown")
        #expect(html.contains("set (44 characters; content not shown)"))
        for text in Self.hostileStrings {
            #expect(!html.contains(text) || !text.contains(where: { "<>\"'&\u{202E}\n".contains($0) }), "\(text)")
        }
        // The only `<style>` is the inspector's own: nothing a run sent reaches CSS.
        #expect(page.count("<style>") == 1 && page.count("</style>") == 1)
        #expect(page.count("<svg") == page.count("</svg>"))
    }

    /// A saved trace may hold any number: the page clamps times instead of trapping on an overflow.
    @Test(arguments: [Int64.max, Int64.min, -1, 0])
    func extremeTimesAreDrawnWithoutTrapping(milliseconds: Int64) throws {
        let json = """
            {"entries": [
              {"line": 0, "customEvent": "A", "network": "A", "startMs": \(milliseconds), "durationMs": \(milliseconds),
               "result": "loaded", "winner": true},
              {"line": 1, "customEvent": "B", "network": "B", "startMs": \(milliseconds), "durationMs": null,
               "result": "late_callback"}],
             "winner": 0, "outcome": "loaded", "droppedEntries": [], "notes": []}
            """
        let trace = try MediationTrace.decode(json: Data(json.utf8))
        let page = InspectorPage(
            MediationInspection(trace: trace, bound: .seconds(Int64.max), decidedAt: .seconds(Int64.min)))
        #expect(page.bar(line: 0) == "won")
        #expect(page.safetyProblems.isEmpty, "\(page.safetyProblems)")
    }
}
