import Foundation
import MediationBridge
import MediationOpenRTB
import Testing

/// A bid response's money as the parser checks it: `cur` is ISO 4217, an unrepresentable price is out of range
/// (not "missing"), and a second bid with an ID already used is dropped with its path.
@Suite struct BidResponseMoneyTests {
    private static func body(cur: String = #""cur":"USD","#, bids: String) -> Data {
        Data(#"{"id":"req-1",\#(cur)"seatbid":[{"seat":"dsp","bid":[\#(bids)]}]}"#.utf8)
    }

    private static func bid(_ id: String, price: String = "1.5") -> String {
        #"{"id":"\#(id)","impid":"1","price":\#(price),"adm":"\#(BidResponseTests.adm)"}"#
    }

    @Test(arguments: [#""<script>x""#, #""usd""#, #""US""#, #""XTS""#, #""ABC""#])
    func aCurNotNamingACurrencyInCirculationMakesTheResponseInvalid(cur: String) throws {
        #expect {
            try OpenRTBBidResponse.parse(data: Self.body(cur: #""cur":\#(cur),"#, bids: Self.bid("b1")))
        } throws: { error in
            guard case .invalidBidMarkup(let path, _)? = error as? MediationError else { return false }
            return path == "$.cur"
        }
    }

    @Test func aResponseInAnotherCurrencyKeepsItForTheAuctionToJudge() throws {
        let response = try OpenRTBBidResponse.parse(
            data: Self.body(cur: #""cur":"IDR","#, bids: Self.bid("b1", price: "40000")))
        let bid = try #require(response.bids.first)
        #expect(bid.currency == "IDR" && bid.price == 40_000)
        #expect(bid.jsonPath == "$.seatbid[0].bid[0]")
        let absent = try OpenRTBBidResponse.parse(data: Self.body(cur: "", bids: Self.bid("b1")))
        #expect(absent.bids.first?.currency == "USD", "USD when cur is absent")
    }

    @Test func aPriceNoDoubleHoldsIsDroppedAsOutOfRangeNotAsMissing() throws {
        let response = try OpenRTBBidResponse.parse(
            data: Self.body(bids: [Self.bid("huge", price: "1e400"), Self.bid("fine")].joined(separator: ",")))
        #expect(response.bids.map(\.id) == ["fine"])
        #expect(
            response.dropped == [
                OpenRTBDrop(
                    path: "$.seatbid[0].bid[0].price", reason: "the price 1e400 is out of range: not a finite number")
            ])
    }

    @Test func aSecondBidWithAnIDAlreadyUsedIsDroppedWithItsPath() throws {
        let response = try OpenRTBBidResponse.parse(
            data: Self.body(
                bids: [Self.bid("dup"), Self.bid("dup", price: "9"), Self.bid("other")].joined(separator: ",")))
        #expect(response.bids.map(\.id) == ["dup", "other"])
        #expect(response.bids.first?.price == 1.5, "the first keeps the ID")
        #expect(response.bids.map(\.jsonPath) == ["$.seatbid[0].bid[0]", "$.seatbid[0].bid[2]"])
        let drop = try #require(response.dropped.first)
        #expect(response.dropped.count == 1)
        #expect(drop.path == "$.seatbid[0].bid[1].id")
        #expect(drop.reason.contains(#"a second bid with the ID "dup""#) && drop.reason.contains("$.seatbid[0].bid[0]"))
    }

    @Test func aBidDroppedForAnotherReasonDoesNotTakeItsID() throws {
        let wrongImpression = #"{"id":"dup","impid":"2","price":1,"adm":"x"}"#
        let response = try OpenRTBBidResponse.parse(
            data: Self.body(bids: [wrongImpression, Self.bid("dup")].joined(separator: ",")), impressionIDs: ["1"])
        #expect(response.bids.map(\.id) == ["dup"], "the bid that runs is the only one that hears an outcome")
        #expect(response.dropped.map(\.path) == ["$.seatbid[0].bid[0].impid"])
    }
}
