import Foundation
import MediationBridge
import Testing

/// Every OpenRTB 2.6 auction macro (§4.4) expands, prices are written sanely, and `${AUCTION_IMP_TS}` waits for the
/// impression.
@Suite struct AuctionMacroFormattingTests {
    @Test func everyMacroOfTheSpecificationExpands() {
        let values = AuctionMacroValues(
            auctionID: "auc", bidID: "bid", impressionID: "1", seatID: "seat", adID: "ad", price: 2.8, currency: "USD",
            marketBidRatio: 1, lossReason: 102, minimumToWin: 2.5, multiplier: 1,
            impressionTimestampMilliseconds: 1_700_000_000_123)
        let template = AuctionMacroValues.macroNames.map { "\($0)=${\($0)}" }.joined(separator: "&")
        #expect(AuctionMacroValues.macroNames.count == 12)
        #expect(
            AuctionMacroExpander.expand(template, with: values)
                == "AUCTION_ID=auc&AUCTION_BID_ID=bid&AUCTION_IMP_ID=1&AUCTION_SEAT_ID=seat&AUCTION_AD_ID=ad"
                + "&AUCTION_PRICE=2.8&AUCTION_CURRENCY=USD&AUCTION_MBR=1&AUCTION_LOSS=102&AUCTION_MIN_TO_WIN=2.5"
                + "&AUCTION_MULTIPLIER=1&AUCTION_IMP_TS=1700000000123")
    }

    @Test func pricesAreWrittenWithoutExponentAndAtMostSixDecimals() {
        #expect(AuctionMacroValues.decimalText(40_000) == "40000")
        #expect(AuctionMacroValues.decimalText(2.8) == "2.8")
        #expect(AuctionMacroValues.decimalText(0.1 + 0.2) == "0.3")
        #expect(AuctionMacroValues.decimalText(44_800.000_000_000_01) == "44800")
        #expect(AuctionMacroValues.decimalText(0.000_000_1) == "0")
        #expect(AuctionMacroValues.decimalText(-0.000_000_1) == "0")
        #expect(AuctionMacroValues.decimalText(999_999_999_999_999) == "999999999999999")
    }

    @Test func anAbsurdPriceIsNotWrittenAtAll() {
        #expect(AuctionMacroValues(price: 1e300).text(forMacro: "AUCTION_PRICE") == "", "not a 301-digit number")
        #expect(AuctionMacroValues(price: 1e15).text(forMacro: "AUCTION_PRICE") == "")
        #expect(AuctionMacroValues(minimumToWin: .infinity).text(forMacro: "AUCTION_MIN_TO_WIN") == "")
    }

    @Test func aDeferredMacroStaysAsWrittenAndTheImpressionTimestampFillsItLater() throws {
        var values = AuctionMacroValues(bidID: "b1", price: 2.5)
        values.deferredMacros = ["AUCTION_IMP_TS"]
        let text = AuctionMacroExpander.expand(
            "https://n.example/bill?b=${AUCTION_BID_ID}&p=${AUCTION_PRICE}&ts=${AUCTION_IMP_TS}&o=${OTHER}",
            with: values)
        #expect(text == "https://n.example/bill?b=b1&p=2.5&ts=${AUCTION_IMP_TS}&o=${OTHER}")
        let url = try #require(URL(string: text))
        let fired = AuctionMacroExpander.expandImpressionTimestamp(in: url, at: 1_700_000_000_123)
        #expect(fired.absoluteString.contains("b=b1&p=2.5&ts=1700000000123&o="), "\(fired)")
        #expect(fired.absoluteString.contains("OTHER"), "only the timestamp is expanded")
        let plain = try #require(URL(string: "https://n.example/bill?p=2.5"))
        #expect(AuctionMacroExpander.expandImpressionTimestamp(in: plain, at: 1) == plain)
    }
}
