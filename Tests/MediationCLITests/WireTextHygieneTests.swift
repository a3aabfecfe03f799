import Foundation
import MediationConformance
import MediationCore
import MediationOpenRTB
import MediationOpenRTBBidding
import MediationSupport
import MediationTesting
import MediationVAST
import Testing

@testable import MediationCLI

/// Issue 43: every string from the wire (seat, network name, custom event class name, bid ID, creative title,
/// body and call to action, click URL, VAST ad title and error text) fed ESC, BEL, CR, U+202E, U+2028 and
/// `</td><script>`, through the real output paths: the auction demo's report and revenue line, the trace print,
/// the console log, the inspector page, the `--html` ad card, `validate`, `vast`, the in-stream VAST demo and the
/// conformance tables. No raw control or bidirectional character (nor unescaped markup in HTML) comes out; the
/// escaped form `\u{1B}` does.
@Suite struct WireTextHygieneTests {
    /// What a crafted server or bidder puts in the middle of a value (the parsers trim the ends): clear the screen,
    /// ring the bell, return to the line's start, reverse the text, break the line, close a cell and open a script.
    static let payload = "\u{1B}[2J\u{7}\r\u{202E}\u{2028}</td><script>"
    /// The payload as a terminal line shows it.
    static let shownPayload = #"\u{1B}[2J\u{7}\u{D}\u{202E}\u{2028}</td><script>"#
    /// The payload as an HTML page shows it.
    static let htmlPayload = #"\u{1B}[2J\u{7}\u{D}\u{202E}\u{2028}&lt;/td&gt;&lt;script&gt;"#
    /// The characters of the payload that must never be printed raw.
    static let forbidden: Set<UInt32> = [0x1B, 0x07, 0x0D, 0x202E, 0x2028]

    /// `name`, the payload, then `x`: a value with the payload inside.
    static func hostile(_ name: String) -> String { name + payload + "x" }
    /// How a terminal line shows ``hostile(_:)``.
    static func shown(_ name: String) -> String { name + shownPayload + "x" }
    /// How an HTML page shows ``hostile(_:)``.
    static func html(_ name: String) -> String { name + htmlPayload + "x" }

    /// The forbidden characters in `text`, as hex, for a readable failure.
    static func rawCharacters(in text: String) -> [String] {
        text.unicodeScalars.filter { forbidden.contains($0.value) }.map { String($0.value, radix: 16) }
    }

    /// An OpenRTB answer whose one bid (9 USD, above every other entry) has a hostile seat, bid ID, creative title,
    /// body, call to action and click URL.
    static func hostileBid() throws -> OpenRTBBidderOutcome {
        let markup: [String: Any] = [
            "ver": "1.2",
            "assets": [
                ["id": 1, "title": ["text": hostile("Title")]], ["id": 2, "data": ["value": hostile("Body")]],
                ["id": 5, "data": ["value": hostile("Go")]],
            ],
            "link": ["url": "https://pears.example/click" + payload],
        ]
        let markupText = String(decoding: try JSONSerialization.data(withJSONObject: markup), as: UTF8.self)
        let response: [String: Any] = [
            "id": DemoOpenRTBBid.auctionID, "cur": "USD",
            "seatbid": [
                [
                    "seat": hostile("seat"),
                    "bid": [["id": hostile("bid"), "impid": "1", "price": 9, "adm": markupText]],
                ]
            ],
        ]
        let parsed = try OpenRTBBidResponse.parse(
            data: try JSONSerialization.data(withJSONObject: response), requestID: DemoOpenRTBBid.auctionID,
            impressionIDs: ["1"])
        #expect(parsed.bids.count == 1, "the hostile bid is a valid bid: \(parsed.dropped)")
        return OpenRTBBidderOutcome(bids: parsed.bids, dropped: parsed.dropped, auctionID: DemoOpenRTBBid.auctionID)
    }

    /// The bundled auction response with a hostile ad unit and one more entry, first in the order at 10 USD, whose
    /// custom event class name and network name are hostile (no adapter: a warning is logged), plus the hostile
    /// bid, through `demo --auction`.
    static func hostileAuction(logger: any MediationLogger = SilentLogger()) async throws -> DemoCommand.AuctionOutcome
    {
        var object = try #require(
            try JSONSerialization.jsonObject(with: Data(AuctionAdResponse.embeddedJSON.utf8)) as? [String: Any])
        object["x-ad-unit-id"] = hostile("unit")
        var entries = try #require(object["ad-responses"] as? [Any])
        entries.insert(
            [
                "metadata": [
                    "x-custom-event-class-name": hostile("Evil"), "x-network-name": hostile("Net"), "x-ecpm": 10,
                ]
            ], at: 0)
        object["ad-responses"] = entries
        let response = try AdResponse.parse(json: try JSONSerialization.data(withJSONObject: object))
        let (merged, _) = response.addingBids(
            [(bidder: "hostile bidder", outcome: try hostileBid())], nativeRequest: try DemoOpenRTBBid.nativeRequest())
        return try await DemoCommand.runAuction(
            merged, strategy: .sequential, privacy: .unrestricted, targeting: .none, adUnitID: "demo", logger: logger)
    }

    @Test func theAuctionReportAndItsRevenueLineShowAHostileSeatEscaped() async throws {
        let outcome = try await Self.hostileAuction()
        #expect(outcome.revenue?.networkName == "OpenRTB " + Self.hostile("seat"), "the hostile bid won and billed")
        let text = outcome.textReport(strategy: .sequential, origin: "hostile")
        #expect(Self.rawCharacters(in: text).isEmpty, "\(Self.rawCharacters(in: text))")
        let lines = text.split(separator: "\n").map(String.init)
        let revenue = try #require(lines.first { $0.hasPrefix("revenue at the first impression: ") })
        #expect(revenue.hasSuffix("USD (precise) from OpenRTB " + Self.shown("seat")), "\(revenue)")
        #expect(lines.contains { $0.contains("OpenRTB " + Self.shown("seat")) && $0.contains("won") }, "order")
        #expect(lines.contains { $0.contains(Self.shown("Evil")) && $0.contains(Self.shown("Net")) }, "trace")
    }

    @Test func aHostileCustomEventClassNameIsLoggedAsOneSafeLine() async throws {
        let printed = Locked<[String]>([])
        let console = ConsoleLogger(minimumLevel: .warning) { line in printed.withLock { $0.append(line) } }
        _ = try await Self.hostileAuction(logger: console)
        let warning = try #require(printed.current.first { $0.contains("no adapter or renderer configuration") })
        #expect(Self.rawCharacters(in: printed.current.joined()).isEmpty, "\(printed.current)")
        #expect(!printed.current.joined().contains("\n"), "one line per entry")
        #expect(warning.contains("unit=" + Self.shown("unit") + ":"), "\(warning)")
        #expect(warning.contains("custom event '\(Self.shown("Evil"))'"), "\(warning)")

        // Whatever logger the host plugs in gets the message already escaped, with the run's ad unit.
        let recording = RecordingLogger(minimumLevel: .warning)
        _ = try await Self.hostileAuction(logger: recording)
        let entry = try #require(recording.entries.first { $0.message.contains("no adapter or renderer") })
        #expect(entry.message.contains("custom event '\(Self.shown("Evil"))'"), "\(entry.message)")
        #expect(entry.adUnit == Self.shown("unit"))
        let everything = recording.entries.map { "\($0.message) \($0.adUnit ?? "") \($0.metadata)" }.joined()
        #expect(Self.rawCharacters(in: everything).isEmpty, "\(everything)")
    }

    @Test func theInspectorPageShowsHostileTextEscapedInTheAdCardTheAuctionAndTheLines() async throws {
        let outcome = try await Self.hostileAuction()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("hygiene-\(UUID().uuidString).html")
        defer { try? FileManager.default.removeItem(at: path) }
        #expect(DemoCommand.writeInspection(outcome.outcome, origin: Self.hostile("origin"), to: path.path))
        let page = try String(contentsOf: path, encoding: .utf8)
        #expect(Self.rawCharacters(in: page).isEmpty, "\(Self.rawCharacters(in: page))")
        #expect(!page.contains("<script"), "nothing a network sent becomes markup")
        // The ad card.
        #expect(page.contains("<h2 class=\"title\">\(Self.html("Title"))</h2>"))
        #expect(page.contains("<p class=\"text\">\(Self.html("Body"))</p>"))
        #expect(page.contains("<span class=\"cta\">\(Self.html("Go"))</span>"))
        // The auction table, the lines table and the header.
        #expect(page.contains("<td>OpenRTB \(Self.html("seat"))</td>"))
        #expect(page.contains("<td>\(Self.html("bid"))</td>"), "the bid ID")
        #expect(page.contains("<td>\(Self.html("Evil"))</td><td>\(Self.html("Net"))</td>"))
        #expect(page.contains(Self.html("origin")), "the title")
    }

    @Test func theHTMLAdCardOfDemoHTMLShowsHostileCreativeTextEscaped() async throws {
        let outcome = try await Self.hostileAuction()
        let page = outcome.outcome.htmlPreview()
        #expect(Self.rawCharacters(in: page).isEmpty, "\(Self.rawCharacters(in: page))")
        #expect(!page.contains("<script"))
        #expect(page.contains("<title>Native ad from OpenRTB \(Self.html("seat"))</title>"))
        #expect(page.contains("<h2 class=\"title\">\(Self.html("Title"))</h2>"))
        #expect(page.contains("<p class=\"text\">\(Self.html("Body"))</p>"))
        // The click URL was percent-encoded when it was read: it links, and carries nothing raw.
        #expect(page.contains("href=\"https://pears.example/click%1B%5B2J%07%0D"), "\(page)")
        #expect(page.contains(">\(Self.html("Go"))</a>"))
    }

    @Test func validateShowsHostileAuctionBidAndNetworkValuesEscaped() throws {
        let response: [String: Any] = [
            "x-auction-id": Self.hostile("auction"),
            "ad-responses": [
                [
                    "metadata": [
                        "x-custom-event-class-name": Self.hostile("Evil"), "x-network-name": Self.hostile("Net"),
                        "adm": "markup", "x-ecpm": 2, "x-bid-id": Self.hostile("bid"),
                    ]
                ]
            ],
        ]
        let report = ValidateCommand.report(for: try JSONSerialization.data(withJSONObject: response))
        #expect(report.status == 0)
        let printed = (report.output + report.notes).joined(separator: "\n")
        #expect(Self.rawCharacters(in: printed).isEmpty, "\(printed)")
        #expect(report.output.contains("auction: 1 bid, auction \(Self.shown("auction"))"), "\(report.output)")
        #expect(
            report.output.contains {
                $0.contains("bid \(Self.shown("bid")) at $.ad-responses[0]: \(Self.shown("Net"))")
            })
    }

    /// A VAST ad whose ID, title and media type carry what XML allows of the payload (CR, U+202E, U+2028 and
    /// escaped markup; XML 1.0 has no ESC or BEL): the media type is one no player plays, so the ad is refused
    /// with error text that quotes it.
    static let hostileVAST = """
        <VAST version="4.2"><Ad id="ad&#xD;&#x202E;&#x2028;&lt;/td&gt;&lt;script&gt;x"><InLine><AdSystem>Demo</AdSystem>
        <AdTitle>Title&#xD;&#x202E;&#x2028;&lt;/td&gt;&lt;script&gt;x</AdTitle>
        <Impression>https://track.example/impression</Impression>
        <Creatives><Creative><Linear><Duration>00:00:12</Duration>
        <MediaFiles><MediaFile delivery="progressive" type="video/x&#xD;&#x202E;&#x2028;-evil" width="1280"
        height="720">https://media.example/demo.mp4</MediaFile></MediaFiles>
        </Linear></Creative></Creatives></InLine></Ad></VAST>
        """

    @Test func aHostileVASTTitleAndErrorTextPrintEscapedInVASTAndTheInstreamDemo() async throws {
        let vast = await VASTCommand.report(
            for: VASTCommand.Options(source: "-", json: false, follow: false),
            standardInput: { Data(Self.hostileVAST.utf8) })
        #expect(Self.rawCharacters(in: vast.text).isEmpty, "\(vast.text)")
        #expect(vast.text.contains(#"  title: Title\u{D}\u{202E}\u{2028}</td><script>x"#), "\(vast.text)")
        #expect(vast.text.contains(#"ad ad\u{D}\u{202E}\u{2028}</td><script>x"#))
        #expect(vast.text.contains(#"video/x\u{D}\u{202E}\u{2028}-evil"#), "the refused media type")

        let path = FileManager.default.temporaryDirectory.appendingPathComponent("hygiene-\(UUID().uuidString).xml")
        try Data(Self.hostileVAST.utf8).write(to: path)
        defer { try? FileManager.default.removeItem(at: path) }
        let (lines, played) = await InstreamVASTDemo.transcript(source: path.path, privacy: .unrestricted)
        #expect(!played)
        let transcript = lines.joined(separator: "\n")
        #expect(Self.rawCharacters(in: transcript).isEmpty, "\(transcript)")
        #expect(
            lines.contains {
                $0.hasPrefix("    load failed: ") && $0.contains(#"ad\u{D}\u{202E}\u{2028}</td><script>x"#)
            },
            "\(lines)")
    }

    @Test func conformanceTablesShowAHostileSubjectCustomEventAndReasonEscaped() {
        let report = ConformanceReport(
            subjectName: Self.hostile("Subject"), customEventIdentifier: Self.hostile("Evil"),
            results: [ConformanceCheckResult(check: .singleOutcomeOnFill, status: .failed, reason: Self.hostile("why"))]
        )
        let instream = InstreamConformanceReport(
            subjectName: Self.hostile("Subject"), customEventIdentifier: Self.hostile("Evil"), results: [])
        for table in [report.table, instream.table] {
            #expect(Self.rawCharacters(in: table).isEmpty, "\(table)")
            #expect(table.hasPrefix("\(Self.shown("Subject")) [\(Self.shown("Evil"))]: "), "\(table)")
        }
        // A result keeps its reason on one line (CR and U+2028 become spaces); the rest is escaped.
        #expect(report.table.contains(#"FAIL    why\u{1B}[2J\u{7} \u{202E} </td><script>x"#), "\(report.table)")

        // `conformance --package` relays what another package's tests printed.
        let output =
            "\(Self.hostile("Acme")) [AcmeCustomEvent]: FAILED (0 passed, 1 failed, 0 skipped)\n"
            + "  CHECK                RESULT  REASON\n"
            + "  single-outcome-fill  FAIL    \(Self.hostile("why"))\n"
        let tables = PackageConformanceRun.tables(in: output)
        #expect(tables.count == 1)
        #expect(Self.rawCharacters(in: tables.joined()).isEmpty, "\(tables)")
        #expect(tables.first?.contains("FAIL    \(Self.shown("why"))") == true)
    }
}
