import Foundation
import MediationCore
import MediationNetworking
import MediationOpenRTB
import MediationOpenRTBBidding
import MediationTesting
import Testing

/// OpenRTB bids join the unified auction: asked in parallel with the ad request, placed by price among the
/// server's lines, settled with their notices; a bidder without a bid is left out and the trace says why.
@Suite struct BidderAuctionTests {
    @Test func aHigherOpenRTBBidWinsOverTheWaterfallAndItsWinNoticeArrives() async throws {
        try await BidderServer.run { server in
            let pinger = try URLSessionTrackerPinger(journalDirectory: nil)
            let mediator = try BidderTestMediator.make(pinger: pinger)
            let source = try HTTPAdResponseSource(endpoint: server.url("/ad"))
            let result = await mediator.mediate(
                adUnitID: "openrtb-unit", from: source, bidders: [BidderLoopbackTests.bidder(server.url("/bid"))])
            let ad = try #require(result.ad, "\(result.trace.table())")
            #expect(ad.source.customEventIdentifier == OpenRTBNativeCustomEvent.identifier)
            #expect(ad.properties.text(.title) == "Loopback Pears")
            #expect(ad.source.isBidPrice)
            let record = try #require(result.trace.auction)
            #expect(record.order.map(\.kind) == [.bid, .waterfall], "2.5 before 1.0")
            #expect(record.order.first?.result == "won", "\(result.trace.table())")
            #expect(result.trace.notes.contains { $0.contains("1 bid(s) joined the auction") })
            #expect(result.trace.notes.contains { $0.contains("dropped") }, "the bid for another imp")
            ad.recordImpression()
            #expect(await pinger.waitUntilDelivered())
            let paths = try await server.hits().map(\.path)
            #expect(paths.filter { $0.hasPrefix("/track/win") } == ["/track/win?p=2.5"])
            #expect(paths.filter { $0.hasPrefix("/track/imp") } == ["/track/imp?p=2.5"])
            #expect(paths.filter { $0 == "/bid" }.count == 1)
        }
    }

    @Test func aBidWhoseMarkupLacksARequiredAssetLosesWithCode3AndTheWaterfallWins() async throws {
        try await BidderServer.run { server in
            let pinger = RecordingTrackerPinger()
            let mediator = try BidderTestMediator.make(pinger: pinger)
            let source = try HTTPAdResponseSource(endpoint: server.url("/ad"))
            // The fixture request requires a main image, which the loopback bid's markup does not have.
            let result = await mediator.mediate(
                adUnitID: "openrtb-unit", from: source, bidders: [BidderLoopbackTests.bidder(server.url("/bid"))],
                nativeRequest: NativeMarkupFixtures.request)
            #expect(result.ad?.source.customEventIdentifier == "Waterfall")
            let bid = try #require(result.trace.auction?.order.first)
            #expect(bid.kind == .bid)
            #expect(bid.lossReason == .invalidBidResponse)
            #expect(bid.detail?.contains("required asset") == true)
            #expect(pinger.pings.filter { $0.event == .win }.isEmpty)
        }
    }

    @Test func aBidderWithNoBidIsLeftOutAndTheTraceSaysWhy() async throws {
        try await BidderServer.run { server in
            let mediator = try BidderTestMediator.make()
            let source = try HTTPAdResponseSource(endpoint: server.url("/ad"))
            let result = await mediator.mediate(
                adUnitID: "openrtb-unit", from: source,
                bidders: [
                    BidderLoopbackTests.bidder(server.url("/nobid")),
                    BidderLoopbackTests.bidder(server.url("/garbage")),
                ])
            #expect(result.ad?.source.customEventIdentifier == "Waterfall")
            #expect(result.trace.auction == nil, "no bid joined, so the response runs as a waterfall")
            #expect(result.trace.notes.contains { $0.contains("/nobid") && $0.contains("204") })
            #expect(result.trace.notes.contains { $0.contains("/garbage") && $0.contains("invalid response") })
        }
    }
}
