import Foundation
import MediationCore
import MediationOpenRTB
import Testing

@testable import MediationCLI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `mediation demo --auction --url` against `scripts/serve-demo.sh` on loopback: the ad server's bidding POST and
/// the OpenRTB bidder's request, read from the server's hit log, and the served bid in the unified auction.
@Suite(.serialized) struct DemoAuctionBidderTests {
    private static func body(of hit: [String: Any]) throws -> [String: Any] {
        let text = try #require(hit["body"] as? String)
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func theServedBidderIsAskedInParallelWithTheAdServerAndItsBidJoinsTheAuction() async throws {
        let server = try await DemoServer()
        defer { withExtendedLifetime(server) {} }
        let base = "http://127.0.0.1:\(server.port)"
        let options = try #require(
            try DemoCommand.parse([
                "--auction", "--url", "\(base)/ad/auction-ad-response", "--gdpr-applies", "1", "--tcf", "CPXxRfAPXxRf",
                "--us-privacy", "1YNN", "--att", "denied",
            ]).get())
        let url = try #require(options.url)
        let outcome = try await DemoCommand.runAuction(
            .served(url), bidderEndpoint: options.bidderEndpoint, strategy: .default, privacy: options.privacy,
            targeting: options.targeting, adUnitID: options.adUnitID, logger: SilentLogger())

        let hits = try await server.hits()
        let paths = hits.compactMap { $0["path"] as? String }
        #expect(paths.count == 2 && paths[0].hasPrefix("/ad/auction-ad-response") && paths[1] == "/openrtb2/auction")
        let adRequest = try Self.body(of: hits[0])
        #expect(hits[0]["method"] as? String == "POST", "a bidding POST: a signal was collected")
        let signals = try #require(adRequest["bidding_signals"] as? [String: Any])
        #expect(Array(signals.keys) == ["MyTargetNativeBannerCustomEvent"], "InMobi's signal never came")

        let bidRequest = try Self.body(of: hits[1])
        #expect(hits[1]["method"] as? String == "POST")
        #expect(bidRequest["id"] as? String == DemoOpenRTBBid.auctionID)
        #expect(bidRequest["tmax"] as? Int == DemoOpenRTBBid.timeoutMilliseconds)
        let imp = try #require((bidRequest["imp"] as? [[String: Any]])?.first)
        let native = try #require(imp["native"] as? [String: Any])
        #expect(native["request"] as? String == (try DemoOpenRTBBid.nativeRequest()).jsonString)
        let regs = try #require(bidRequest["regs"] as? [String: Any])
        #expect(regs["gdpr"] as? Int == 1 && regs["us_privacy"] as? String == "1YNN")
        #expect((bidRequest["user"] as? [String: Any])?["consent"] as? String == "CPXxRfAPXxRf")
        let device = try #require(bidRequest["device"] as? [String: Any])
        #expect(device["ifa"] == nil && device["lmt"] as? Int == 1, "tracking denied: no IFA")

        let report = outcome.report
        #expect(report.order.map(\.network).contains("OpenRTB demo-dsp"))
        let served = try #require(report.order.first { $0.network == "OpenRTB demo-dsp" })
        #expect(served.kind == "bid" && served.lossReason == 102)
        #expect(report.notices.contains { $0.url == "\(base)/track/loss?bid=dsp-bid-1&reason=102&win=2.8" })
        #expect(
            outcome.outcome.result.trace.notes.contains(
                "OpenRTB bidder \(base)/openrtb2/auction: 1 bid(s) joined the auction"))
    }

    @Test func aBidderThatAnswersGarbageLeavesTheAuctionAndTheTraceSaysWhy() async throws {
        let server = try await DemoServer()
        defer { withExtendedLifetime(server) {} }
        // Any other POST answers `{}`: not a bid response for request demo-openrtb-1.
        let endpoint = try #require(URL(string: "http://127.0.0.1:\(server.port)/not-a-bidder"))
        let response = try AdResponse.parse(json: AuctionAdResponse.load().data)
        let outcome = try await DemoCommand.runAuction(
            .loaded(response), bidderEndpoint: endpoint, strategy: .sequential, privacy: .unrestricted,
            targeting: .none, adUnitID: "demo", logger: SilentLogger())
        #expect(!outcome.report.order.map(\.network).contains("OpenRTB demo-dsp"))
        #expect(outcome.outcome.result.ad != nil, "the server's entries still run")
        let note = try #require(
            outcome.outcome.result.trace.notes.first { $0.hasPrefix("OpenRTB bidder \(endpoint.absoluteString)") })
        #expect(note.contains("invalid response"))
        #expect(try await server.hits().compactMap { $0["path"] as? String } == ["/not-a-bidder"])
    }

    @Test func theLoopbackServerRefusesABodyThatIsNotABidRequest() async throws {
        let server = try await DemoServer()
        defer { withExtendedLifetime(server) {} }
        var request = URLRequest(url: try #require(URL(string: "http://127.0.0.1:\(server.port)/openrtb2/auction")))
        request.httpMethod = "POST"
        request.httpBody = Data(#"{"id": "x", "imp": []}"#.utf8)
        let (data, answer) = try await URLSession.shared.data(for: request)
        #expect((answer as? HTTPURLResponse)?.statusCode == 400)
        #expect(String(decoding: data, as: UTF8.self).contains("not a bid request"))
    }
}
