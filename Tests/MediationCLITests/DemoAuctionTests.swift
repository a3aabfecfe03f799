import Foundation
import MediationCore
import Testing

@testable import MediationCLI

/// `mediation demo --auction` and the bundled auction response.
@Suite struct DemoAuctionTests {
    private func auctionResponse() throws -> AdResponse {
        try AdResponse.parse(json: Data(AuctionAdResponse.embeddedJSON.utf8))
    }

    @Test func theEmbeddedCopyIsTheResource() throws {
        let resource = try String(
            contentsOfFile: TestPaths.repositoryRoot + "/Sources/MediationCLI/Resources/auction-ad-response.json",
            encoding: .utf8)
        #expect(
            resource.trimmingCharacters(in: .whitespacesAndNewlines)
                == AuctionAdResponse.embeddedJSON.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test func validateAcceptsTheBundledAuctionResponseAndListsItsBids() {
        let report = ValidateCommand.report(for: Data(AuctionAdResponse.embeddedJSON.utf8))
        #expect(report.status == 0)
        #expect(report.output.first == "valid: 5 lines")
        #expect(report.output.contains { $0.hasPrefix("auction: 2 bids, auction demo-auction-7f3a, floor 1.0") })
        #expect(report.output.contains { $0.contains("bid mt-bid-1001 at $.ad-responses[3]: myTarget, price 2.8 USD") })
    }

    @Test func validateNotesABidThatWouldLoseBeforeTheRun() {
        let json = """
            {"x-bid-floor": 2, "ad-responses": [
              {"metadata": {"x-custom-event-class-name": "A", "adm": "m", "x-ecpm": 1, "x-bid-id": "low"}},
              {"metadata": {"x-custom-event-class-name": "B", "x-ecpm": 3, "x-bid-id": "nomarkup"}}]}
            """
        let report = ValidateCommand.report(for: Data(json.utf8))
        #expect(report.status == 0)
        #expect(report.notes.contains { $0.contains("$.ad-responses[0]") && $0.contains("code 100") })
        #expect(report.notes.contains { $0.contains("$.ad-responses[1]") && $0.contains("code 7") })
    }

    @Test func theAuctionDemoCollectsSignalsRunsTheOrderAndBillsTheWinner() async throws {
        let outcome = try await DemoCommand.runAuction(
            try auctionResponse(), strategy: .default, privacy: .unrestricted, targeting: .none, adUnitID: "demo",
            logger: SilentLogger())
        #expect(outcome.signals.records.map(\.result) == [.timedOut, .collected], "InMobi, then myTarget")
        #expect(outcome.signalsTook == .milliseconds(250), "the largest timeout")
        let report = outcome.report
        #expect(
            report.order.map(\.network) == ["InMobi", "myTarget", "OpenRTB demo-dsp", "Google", "myTarget", "TAMedia"])
        #expect(report.order.map(\.kind) == ["waterfall", "bid", "bid", "waterfall", "bid", "waterfall"])
        #expect(report.order[1].result == "won")
        #expect(report.order[2].lossReason == 102, "the bundled OpenRTB bid")
        #expect(report.order[4].lossReason == 102)
        #expect(report.notices.map(\.kind) == ["win", "loss", "loss", "billing"])
        #expect(report.notices.contains { $0.url == "https://dsp.example/track/loss?bid=dsp-bid-1&reason=102&win=2.8" })
        #expect(report.notices.allSatisfy { !$0.url.contains("AUCTION_") })
        #expect(report.revenue?.precision == "precise")
        #expect(report.revenue?.value == Decimal(string: "0.0028"))
        #expect(report.revenue?.currency == "USD")
    }

    @Test func theJSONReportHasTheAuctionObject() async throws {
        let outcome = try await DemoCommand.runAuction(
            try auctionResponse(), strategy: .sequential, privacy: .unrestricted, targeting: .none,
            adUnitID: "demo", logger: SilentLogger())
        let json = outcome.outcome.jsonReport(strategy: .sequential, auction: outcome.report)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let auction = try #require(object["auction"] as? [String: Any])
        let order = try #require(auction["order"] as? [[String: Any]])
        #expect(order.count == 6)
        #expect(Set(order[0].keys).isSuperset(of: ["line", "kind", "network", "price", "result"]))
        let signals = try #require(auction["signals"] as? [[String: Any]])
        #expect(signals.map { $0["result"] as? String } == ["timed_out", "collected"])
        #expect(signals.allSatisfy { $0["ms"] is Int })
        let notices = try #require(auction["notices"] as? [[String: Any]])
        #expect(notices.map { $0["kind"] as? String } == ["win", "loss", "loss", "billing"])
        let revenue = try #require(auction["revenue"] as? [String: Any])
        #expect(revenue["currency"] as? String == "USD")
        #expect(revenue["precision"] as? String == "precise")
    }

    @Test func auctionTakesURLAndBidderButNotHTML() throws {
        let parsed = try #require(
            try DemoCommand.parse(["--auction", "--url", "http://127.0.0.1:8080/ad/auction-ad-response"]).get())
        #expect(parsed.auction)
        #expect(parsed.bidderEndpoint?.absoluteString == "http://127.0.0.1:8080/openrtb2/auction", "beside --url")
        let explicit = try #require(
            try DemoCommand.parse([
                "--auction", "--url", "http://127.0.0.1:8080/ad/x?y=1", "--bidder",
                "https://pbs.example/openrtb2/auction",
            ]).get())
        #expect(explicit.bidderEndpoint?.absoluteString == "https://pbs.example/openrtb2/auction")
        let bundled = try #require(try DemoCommand.parse(["--auction", "--json"]).get())
        #expect(bundled.auction && bundled.json && bundled.bidderEndpoint == nil, "no server: the bundled bid")
        for (arguments, message) in [
            (["--auction", "--html", "x.html"], "--auction and --html cannot be used together"),
            (["--bidder", "http://127.0.0.1:1/openrtb2/auction"], "--bidder needs --auction"),
            (["--auction", "--bidder"], "--bidder needs a URL"),
            (
                ["--auction", "--bidder", "file:///etc/passwd"],
                "--bidder needs an http or https URL, got 'file:///etc/passwd'"
            ),
        ] {
            guard case .failure(let error) = DemoCommand.parse(arguments) else {
                Issue.record("\(arguments) must be a usage error")
                continue
            }
            #expect(error.text == message)
        }
    }

    @Test func theEmbeddedBidTemplateIsTheResource() throws {
        let resource = try String(
            contentsOfFile: TestPaths.repositoryRoot + "/Sources/MediationCLI/Resources/openrtb-bid-response.json",
            encoding: .utf8)
        #expect(
            resource.trimmingCharacters(in: .whitespacesAndNewlines)
                == DemoOpenRTBBid.embeddedTemplate.trimmingCharacters(in: .whitespacesAndNewlines))
        let bundled = try DemoOpenRTBBid.bundledOutcome()
        #expect(bundled.bids.map(\.price) == [2.5] && bundled.dropped.isEmpty)
        #expect(bundled.bids.first?.lossNoticeURL?.hasPrefix("https://dsp.example/track/loss?") == true)
    }
}
