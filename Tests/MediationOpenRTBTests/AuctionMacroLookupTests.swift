import Foundation
import Testing

@testable import MediationBridge

/// The expander looks each macro up by its name read in place from the template, and expands one notice without a
/// cache: the text must be what the named lookup and the cached expansion give.
@Suite struct AuctionMacroLookupTests {
    private let values = AuctionMacroValues(
        auctionID: "a&1", bidID: "b 2", impressionID: "i", seatID: "s", adID: "ad", price: 1.25, currency: "EUR",
        marketBidRatio: 1, lossReason: 102, minimumToWin: 3, multiplier: 1, impressionTimestampMilliseconds: 17)

    @Test func aMacroReadInPlaceHasTheTextOfItsName() {
        for name in AuctionMacroValues.macroNames + ["NOT_A_MACRO", "AUCTION_PRICE:B64", ""] {
            let template = "x${\(name)}y"
            let inPlace = template.dropFirst(3).dropLast(2)
            #expect(values.text(ofMacro: inPlace) == values.text(forMacro: name), "\(name)")
        }
        var billing = values
        billing.deferredMacros = ["AUCTION_IMP_TS"]
        #expect(billing.text(ofMacro: "AUCTION_IMP_TS"[...]) == nil)
        #expect(billing.text(ofMacro: "AUCTION_ID"[...]) == "a&1")
    }

    @Test func aNoticeExpandsAsWithACache() {
        let template =
            "https://t.example/l?id=${AUCTION_ID}&bid=${AUCTION_BID_ID}&p=${AUCTION_PRICE}&b=${AUCTION_PRICE:B64}"
            + "&min=${AUCTION_MIN_TO_WIN}&r=${AUCTION_LOSS}&keep=${OTHER}&ts=${AUCTION_IMP_TS}"
        var cache: [String: String] = [:]
        let cached = AuctionMacroExpander.expand(template, with: values, cache: &cache)
        #expect(AuctionMacroExpander.expand(template, with: values) == cached)
        #expect(
            cached
                == "https://t.example/l?id=a%261&bid=b%202&p=1.25&b=MS4yNQ&min=3&r=102&keep=${OTHER}&ts=17")
    }
}
