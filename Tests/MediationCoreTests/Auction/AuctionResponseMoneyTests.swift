import Foundation
import MediationCore
import Testing

/// What the ad-response parser does for the auction's money rules: ISO 4217 currencies, one bid per bid ID, the
/// JSON paths of a bid's price and currency, and the bid keys behind the notices' macros.
@Suite struct AuctionResponseMoneyTests {
    private func parse(_ entries: String, top: String = "") throws -> AdResponse {
        try AdResponse.parse(json: Data(#"{\#(top)"ad-responses": [\#(entries)]}"#.utf8))
    }

    @Test func aSecondBidWithTheSameIDIsDroppedWithItsPathSoEachIDHearsOneOutcome() throws {
        let response = try parse(
            #"""
            {"metadata": {"x-custom-event-class-name": "A", "adm": "a", "x-ecpm": 2, "x-bid-id": "dup"}},
            {"metadata": {"x-custom-event-class-name": "B", "adm": "b", "x-ecpm": 3, "x-bid-id": "dup"}},
            {"metadata": {"x-custom-event-class-name": "C", "adm": "c", "x-ecpm": 1, "x-bid-id": "other"}},
            {"metadata": {"x-custom-event-class-name": "D", "adm": "d", "x-ecpm": 1}},
            {"metadata": {"x-custom-event-class-name": "E", "adm": "e", "x-ecpm": 1}}
            """#)
        #expect(response.lines.map(\.customEventIdentifier) == ["A", "C", "D", "E"], "bids without an ID are no pair")
        let dropped = try #require(response.droppedEntries.first)
        #expect(response.droppedEntries.count == 1)
        #expect(dropped.index == 1 && dropped.path == "$.ad-responses[1]")
        #expect(dropped.reason.contains(#"a second bid with the x-bid-id "dup""#), "\(dropped.reason)")
        #expect(dropped.reason.contains("the first is $.ad-responses[0]"))
    }

    @Test func aCurrencyMustBeTheISOCodeOfACurrencyInCirculation() throws {
        for (value, reason) in [
            (#""<script>x""#, #"expected an ISO 4217 currency code of three letters, got "<script>x""#),
            (#""XTS""#, "XTS is not the ISO 4217 code of a currency in circulation"),
            (#""ABC""#, "ABC is not the ISO 4217 code of a currency in circulation"),
        ] {
            let response = try parse(
                #"{"metadata": {"x-custom-event-class-name": "A", "x-ecpm": 1, "x-currency": \#(value)}}"#)
            #expect(response.lines.isEmpty)
            let errors = try #require(response.droppedEntries.first?.errors)
            #expect(
                errors == [.invalidConfiguration(path: "$.ad-responses[0].metadata.x-currency", reason: reason)],
                "\(value)")
        }
        let idr = try parse(#"{"metadata": {"x-custom-event-class-name": "A", "x-ecpm": 1, "x-currency": "idr"}}"#)
        #expect(idr.lines.first?.currencyCode == "IDR", "x-currency is read case-insensitively")
    }

    @Test func aBidKnowsWhereItsPriceAndCurrencyCameFromAndItsNoticeIDs() throws {
        let response = try parse(
            #"""
            {"metadata": {"x-custom-event-class-name": "A", "adm": "a", "x-ecpm": 2, "x-currency": "EUR",
              "x-bid-id": "b1", "x-imp-id": "1", "x-seat-id": "seat-9", "x-ad-id": "ad-7"}},
            {"metadata": {"x-custom-event-class-name": "B", "adm": "b", "x-ecpm": 2}}
            """#)
        let first = try #require(response.lines.first?.bid)
        #expect(first.pricePath == "$.ad-responses[0].metadata.x-ecpm")
        #expect(first.currencyPath == "$.ad-responses[0].metadata.x-currency")
        #expect(first.impressionID == "1" && first.seatID == "seat-9" && first.adID == "ad-7")
        let second = try #require(response.lines.last?.bid)
        #expect(second.currencyPath == nil, "USD by default, from nowhere")
        #expect(second.impressionID == nil)
    }

    @Test func anOutOfRangePriceIsDroppedAsOutOfRangeNotMissing() throws {
        let response = try parse(
            #"""
            {"metadata": {"x-custom-event-class-name": "A", "adm": "a", "x-ecpm": 1e400, "x-bid-id": "huge"}},
            {"metadata": {"x-custom-event-class-name": "B", "adm": "b", "x-ecpm": 2, "x-bid-id": "fine"}}
            """#)
        #expect(response.lines.map(\.customEventIdentifier) == ["B"])
        let errors = try #require(response.droppedEntries.first?.errors)
        #expect(
            errors == [
                .invalidConfiguration(
                    path: "$.ad-responses[0].metadata.x-ecpm", reason: "the number 1e400 is out of range")
            ])
    }

    @Test func validateListsTheBidsThatWouldLoseForTheirMoney() throws {
        let response = try parse(
            #"""
            {"metadata": {"x-custom-event-class-name": "A", "adm": "a", "x-ecpm": 40000, "x-currency": "IDR"}},
            {"metadata": {"x-custom-event-class-name": "B", "adm": "b", "x-ecpm": 1e300}},
            {"metadata": {"x-custom-event-class-name": "C", "adm": "c", "x-ecpm": 0.5}},
            {"metadata": {"x-custom-event-class-name": "D", "adm": "d", "x-ecpm": 2}}
            """#, top: #""x-bid-floor": 1, "#)
        let losses = response.bidLossesBeforeRun()
        #expect(losses.keys.sorted() == [0, 1, 2])
        #expect(losses[0]?.reason == .invalidBidResponse && losses[0]?.detail.contains("currency IDR") == true)
        #expect(losses[1]?.reason == .invalidBidResponse && losses[1]?.detail.contains("out of range") == true)
        #expect(losses[2]?.reason == .belowAuctionFloor)
    }
}
