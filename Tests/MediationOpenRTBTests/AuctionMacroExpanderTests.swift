import Foundation
import MediationBridge
import Testing

@Suite struct AuctionMacroExpanderTests {
    let values = AuctionMacroValues(
        auctionID: "a&b", bidID: "bid-1", impressionID: "1", seatID: "seat", adID: "ad", price: 1.5, currency: "USD",
        lossReason: 102)

    @Test func knownMacrosAreReplacedAndQueryEncoded() {
        let text = AuctionMacroExpander.expand(
            "https://n.example/w?p=${AUCTION_PRICE}&a=${AUCTION_ID}&b=${AUCTION_BID_ID}&i=${AUCTION_IMP_ID}"
                + "&s=${AUCTION_SEAT_ID}&ad=${AUCTION_AD_ID}&c=${AUCTION_CURRENCY}&l=${AUCTION_LOSS}",
            with: values)
        #expect(text == "https://n.example/w?p=1.5&a=a%26b&b=bid-1&i=1&s=seat&ad=ad&c=USD&l=102")
    }

    @Test func unknownValuesBecomeEmptyAndOtherMacrosStay() {
        let text = AuctionMacroExpander.expand(
            "https://n.example/?m=${AUCTION_MBR}&x=${OTHER}&open=${AUCTION_PRICE", with: AuctionMacroValues())
        #expect(text == "https://n.example/?m=&x=${OTHER}&open=${AUCTION_PRICE")
    }

    @Test func base64SuffixEncodesTheValue() {
        #expect(AuctionMacroExpander.expand("${AUCTION_PRICE:B64}", with: values) == "MS41")
    }

    @Test func urlFormKeepsMacrosThatURLEncoded() throws {
        let url = try #require(URL(string: "https://n.example/w?p=$%7BAUCTION_PRICE%7D"))
        #expect(AuctionMacroExpander.expand(url, with: values)?.absoluteString == "https://n.example/w?p=1.5")
    }

    @Test func pricesArePlainDecimals() {
        #expect(AuctionMacroValues(price: 0.000001).text(forMacro: "AUCTION_PRICE") == "0.000001")
        #expect(AuctionMacroValues(price: 2).text(forMacro: "AUCTION_PRICE") == "2")
        #expect(AuctionMacroValues(price: .nan).text(forMacro: "AUCTION_PRICE") == "")
        #expect(AuctionMacroValues().text(forMacro: "NOT_A_MACRO") == nil)
    }
}
