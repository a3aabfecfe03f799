import Foundation
import MediationCore
import MediationNetworking
import MediationOpenRTB
import MediationOpenRTBBidding
import MediationTesting
import Testing

/// OpenRTB bidders' money in the unified auction, read from the loopback bidder's hit log: a bid in a currency the
/// auction does not take loses with its path named, a second bid with an ID already used never runs, an absurd
/// price is out of range, and `${AUCTION_IMP_ID}` in a win notice is the bid's `impid`.
@Suite struct BidderMoneyTests {
    /// One notice as the bidder received it: its query.
    private struct Notice {
        var query: [String: String]
        subscript(_ name: String) -> String? { query[name] }
    }

    /// An auction of the loopback ad server's 1.0 USD waterfall line and the bidders at `paths`, with every notice
    /// delivered.
    private static func auction(
        _ paths: [String], on server: BidderServer
    ) async throws -> (result: MediationRunResult, notices: [Notice]) {
        let pinger = try URLSessionTrackerPinger(journalDirectory: nil)
        let mediator = try BidderTestMediator.make(pinger: pinger)
        let source = try HTTPAdResponseSource(endpoint: server.url("/ad"))
        let result = await mediator.mediate(
            adUnitID: "openrtb-unit", from: source, bidders: paths.map { BidderLoopbackTests.bidder(server.url($0)) })
        #expect(await pinger.waitUntilDelivered())
        let notices = try await server.hits().filter { $0.path.hasPrefix("/track/rtb") }.map { hit in
            let items = URLComponents(string: hit.path)?.queryItems ?? []
            return Notice(query: Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { a, _ in a }))
        }
        return (result, notices)
    }

    @Test func aRupiahBidderLosesToTheDollarBidWhoseWinNoticeCarriesTheImpressionID() async throws {
        try await BidderServer.run { server in
            let (result, notices) = try await Self.auction(["/bid/idr", "/bid/usd"], on: server)
            #expect(result.ad?.source.customEventIdentifier == OpenRTBNativeCustomEvent.identifier)
            #expect(result.ad?.source.price == 2.8, "\(result.trace.table())")
            let record = try #require(result.trace.auction)
            #expect(record.order.map(\.bidID) == ["usd-1", nil, "idr-1"], "2.8 USD, the 1.0 USD line, then IDR")
            let rupiah = try #require(record.order.last)
            #expect(rupiah.lossReason == .invalidBidResponse && rupiah.currencyCode == "IDR")
            #expect(
                rupiah.detail
                    == "the bid's currency IDR at $.cur of \(server.url("/bid/idr").absoluteString) is not the "
                    + "auction's currency USD, and no exchange rate converts it")

            #expect(notices.count == 2, "one notice per bid: \(notices.map(\.query))")
            let win = try #require(notices.first { $0["kind"] == "win" })
            #expect(win["bid"] == "usd-1" && win["imp"] == "1", "${AUCTION_IMP_ID} is the bid's impid")
            #expect(win["seat"] == "usd-dsp" && win["ad"] == "ad-usd-1" && win["price"] == "2.8")
            #expect(win["min"] == "1", "the waterfall line's price is the next below")
            let loss = try #require(notices.first { $0["kind"] == "loss" })
            #expect(loss["bid"] == "idr-1" && loss["loss"] == "3" && loss["cur"] == "IDR" && loss["imp"] == "1")
            #expect(loss["price"] == "", "the USD winner is not stated as IDR without a rate")
        }
    }

    @Test func aSecondBidWithTheSameIDIsDroppedWithItsPathAndEachIDHearsOnce() async throws {
        try await BidderServer.run { server in
            let (result, notices) = try await Self.auction(["/bid/duplicates"], on: server)
            #expect(result.ad?.source.price == 2, "the first bid with the ID, not the 3.0 second")
            #expect(
                result.trace.notes.contains {
                    $0.contains("dropped $.seatbid[0].bid[1].id: a second bid with the ID \"dup-1\"")
                }, "\(result.trace.notes)")
            #expect(notices.map { $0["bid"] ?? "" }.sorted() == ["dup-1", "other-1"], "\(notices.map(\.query))")
            #expect(notices.first { $0["bid"] == "dup-1" }?["kind"] == "win")
            #expect(notices.first { $0["bid"] == "other-1" }?["loss"] == "102")
        }
    }

    @Test func anAbsurdPriceLosesOutOfRangeAndAnUnrepresentableOneIsDroppedSayingSo() async throws {
        try await BidderServer.run { server in
            let (result, notices) = try await Self.auction(["/bid/absurd"], on: server)
            #expect(result.ad?.source.price == 2.2)
            #expect(
                result.trace.notes.contains {
                    $0.contains("dropped $.seatbid[0].bid[1].price: the price 1e400 is out of range")
                }, "\(result.trace.notes)")
            let huge = try #require(result.trace.auction?.order.first { $0.bidID == "huge-1" })
            #expect(huge.lossReason == .invalidBidResponse)
            #expect(huge.detail?.contains("price 1e+300 USD at $.seatbid[0].bid[0].price of ") == true, "\(huge)")
            #expect(huge.detail?.contains("is out of range: above the maximum CPM of 1000 USD") == true)
            let lost = try #require(notices.first { $0["bid"] == "huge-1" })
            #expect(lost["loss"] == "3" && lost["price"] == "2.2")
            #expect(notices.first { $0["kind"] == "win" }?["bid"] == "fine-1")
            #expect(!notices.contains { $0["bid"] == "inf-1" }, "a bid dropped by the parser hears nothing")
        }
    }

    @Test func aCurrencyThatIsNotISO4217MakesTheBidderANoBid() async throws {
        try await BidderServer.run { server in
            let outcome = await BidderLoopbackTests.bidder(server.url("/bid/script-currency"))
                .requestBids(privacy: .unrestricted)
            #expect(outcome.bids.isEmpty)
            #expect(outcome.noBidReason?.contains("$.cur") == true, "\(outcome.noBidReason ?? "")")
            #expect(outcome.noBidReason?.contains("ISO 4217") == true)
        }
    }
}
