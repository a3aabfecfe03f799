import Foundation
import MediationCore
import Testing

@testable import MediationCLI

/// `mediation demo instream --config FILE | --auction`: an in-stream response with video bids and waterfall lines
/// runs through the unified auction and its report shows the auction's record.
@Suite struct InstreamAuctionDemoTests {
    private static func write(_ text: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "instream-config-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: url)
        return url.path
    }

    private static func bundled() throws -> AdResponse {
        try AdResponse.parse(json: Data(InstreamAuctionAdResponse.embeddedJSON.utf8))
    }

    @Test func theEmbeddedCopyIsTheResource() throws {
        let resource = try String(
            contentsOfFile: TestPaths.repositoryRoot
                + "/Sources/MediationCLI/Resources/instream-auction-ad-response.json",
            encoding: .utf8)
        #expect(
            resource.trimmingCharacters(in: .whitespacesAndNewlines)
                == InstreamAuctionAdResponse.embeddedJSON.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test func theBundledAuctionRecordsItsOrderNoticesAndBilling() async throws {
        let run = await InstreamAuctionDemo.transcript(
            try Self.bundled(), origin: "bundled", strategy: .sequential)
        #expect(run.played)
        let auction = try #require(run.report.auction, "the in-stream run's report carries its auction")
        #expect(auction.rule == "unifiedFirstPrice" && auction.floor == 1.0 && auction.currency == "USD")
        #expect(auction.signalsMs == nil && auction.signals.isEmpty, "in-stream runs collect no signals")
        #expect(
            auction.order.map { $0.bidID ?? $0.network } == [
                "video-bid-7a", "myTarget", "video-bid-2c", "video-bid-low", "House",
            ], "by price; the unpriced line last")
        #expect(auction.order.map(\.result) == ["won", "not_run", "not_run", "not_run", "not_run"])
        #expect(auction.order.map(\.lossReason) == [nil, nil, 102, 100, nil])
        #expect(run.report.winner?.customEvent == "VASTInstreamCustomEvent" && run.report.winner?.price == 3.5)
        // The notices as the pinger got them: win and losses when the run ended, billing at the first banner.
        try #require(auction.notices.map(\.kind) == ["win", "loss", "loss", "billing"])
        #expect(auction.notices.map(\.line) == [0, 2, nil, 0], "the bid below the floor never had a line")
        #expect(auction.notices[0].url.hasPrefix("https://auction.example/win?bid=video-bid-7a&auction=demo-video-"))
        #expect(auction.notices[1].url == "https://auction.example/loss?bid=video-bid-2c&reason=102&win=3.5")
        #expect(auction.notices[3].url == "https://auction.example/bill?bid=video-bid-7a&price=3.5&cur=USD")
        #expect(auction.revenue?.value == Decimal(string: "0.0035") && auction.revenue?.precision == "precise")
        // The text: the order table and the notices before the preroll; billing fired as the banner started.
        let text = run.lines
        let order = try #require(text.firstIndex(of: "auction order (unifiedFirstPrice, floor 1.0 USD):"))
        #expect(text[order + 4].hasSuffix("1.5 USD  not_run  102 lost_to_higher_bid"), "\(text[order + 4])")
        let preroll = try #require(text.firstIndex { $0.hasSuffix(" start preroll") })
        let billed = try #require(text.firstIndex { $0.contains("fired https://auction.example/bill?") })
        let bannerStart = try #require(text.firstIndex { $0.contains("banner start") })
        #expect(order < preroll && preroll < billed && billed < bannerStart)
        // The inspector page shows the same auction section as a native run's.
        #expect(run.inspection.trace.auction?.order.count == 5)
        let page = MediationInspector.htmlPage(for: run.inspection)
        #expect(page.contains("<section id=\"auction\">") && page.contains("100 below_auction_floor"))
    }

    @Test func aGoodConfigFileRunsAndItsJSONHoldsTheAuction() async throws {
        let path = try Self.write(InstreamAuctionAdResponse.embeddedJSON)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let read = try InstreamAuctionDemo.readResponse(configPath: path).get()
        #expect(read.origin == path && read.response.lines.count == 5)
        let run = await InstreamAuctionDemo.transcript(read.response, origin: read.origin, strategy: .sequential)
        let encoder = JSONEncoder()
        let json = try #require(
            try JSONSerialization.jsonObject(with: encoder.encode(run.report)) as? [String: Any])
        #expect(json["origin"] as? String == path)
        let auction = try #require(json["auction"] as? [String: Any])
        #expect((auction["order"] as? [Any])?.count == 5)
        #expect((auction["notices"] as? [Any])?.count == 4)
        #expect(await DemoCommand.run(["instream", "--config", path, "--json"]) == 0)
    }

    @Test func inspectWritesThePageWithTheAuctionSection() async throws {
        let page = TestPaths.freshTemporaryFolder("instream-inspect").appendingPathExtension("html")
        defer { try? FileManager.default.removeItem(at: page) }
        #expect(await DemoCommand.run(["instream", "--auction", "--inspect", page.path]) == 0)
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.contains("<section id=\"auction\">"))
        #expect(html.contains("video-bid-2c") && html.contains("102 lost_to_higher_bid"))
        #expect(html.contains("mediation demo instream: bundled instream-auction-ad-response.json"))
    }

    @Test func aMissingFileIsNamed() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("absent-\(UUID().uuidString).json")
            .path
        guard case .failure(let failure) = InstreamAuctionDemo.readResponse(configPath: path) else {
            Issue.record("a missing file was read")
            return
        }
        #expect(failure.lines.count == 1)
        #expect(failure.lines[0].hasPrefix("mediation demo instream: cannot read \(path): "))
        #expect(await DemoCommand.run(["instream", "--config", path]) == 1)
    }

    @Test func badJSONNamesTheFileAndTheJSONPath() async throws {
        let path = try Self.write(
            #"{"x-bid-floor": "high", "ad-responses": [{"metadata": {"x-custom-event-class-name": "A", "x-ecpm": -1}}]}"#
        )
        defer { try? FileManager.default.removeItem(atPath: path) }
        guard case .failure(let failure) = InstreamAuctionDemo.readResponse(configPath: path) else {
            Issue.record("an invalid response was accepted")
            return
        }
        #expect(failure.lines.first == "mediation demo instream: \(path) is not a valid ad response:")
        #expect(failure.lines.dropFirst().contains { $0.contains("$.x-bid-floor") }, "\(failure.lines)")
        let notJSON = try Self.write("{\"ad-responses\": [")
        defer { try? FileManager.default.removeItem(atPath: notJSON) }
        guard case .failure(let syntax) = InstreamAuctionDemo.readResponse(configPath: notJSON) else {
            Issue.record("text that is not JSON was accepted")
            return
        }
        #expect(syntax.lines.first == "mediation demo instream: \(notJSON) is not a valid ad response:")
        #expect(syntax.lines.count > 1)
        #expect(await DemoCommand.run(["instream", "--config", path, "--json"]) == 1)
    }

    @Test func usageErrorsExitTwo() async {
        #expect(await DemoCommand.run(["instream", "--config"]) == 2)
        #expect(await DemoCommand.run(["instream", "--auction", "--config", "x.json"]) == 2)
        #expect(await DemoCommand.run(["instream", "--config", "x.json", "--vast", "y.xml"]) == 2)
        #expect(await DemoCommand.run(["instream", "--json"]) == 2)
        #expect(await DemoCommand.run(["instream", "--auction", "--strategy", "fastest"]) == 2)
        guard case .failure(let error) = InstreamAuctionDemo.parse(["--config", "x.json", "--format", "video"]) else {
            Issue.record("--format was accepted with --config")
            return
        }
        #expect(error.text == "--format does not apply to --config or --auction")
    }
}
