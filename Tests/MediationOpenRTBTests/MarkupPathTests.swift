import Foundation
import MediationBridge
import Testing

@testable import MediationOpenRTB

/// The JSON paths that drops and errors name, built only when they are named, and the macro cache of one markup.
@Suite struct MarkupPathTests {
    @Test func dropsNameNestedPathsUnderTheWrapper() throws {
        let markup = """
            {"native":{"assets":[{"id":1,"title":{"text":"T"}},
            {"id":2,"img":{"type":3,"url":"notaurl with spaces","w":10,"h":10}},
            {"id":3,"data":{"type":99,"value":"x"}},{"id":4,"title":{"text":""}}],
            "link":{"url":"https://click.example.com/","clicktrackers":["https://t.example.com/c","javascript:alert(1)"]},
            "eventtrackers":[{"event":1,"method":1,"url":"https://t.example.com/e"},{"event":7,"method":1}]}}
            """
        let mapping = try OpenRTBNativeAdMapper().map(markup: markup)
        let paths = Set(mapping.dropped.map(\.path))
        #expect(paths.contains("$.native.assets[1].img.url"))
        #expect(paths.contains("$.native.assets[2].data"))
        #expect(paths.contains("$.native.assets[3].title.text"))
        #expect(paths.contains("$.native.link.clicktrackers[1]"))
        #expect(paths.contains("$.native.eventtrackers[1]"))
        #expect(mapping.properties.droppedValues["$.native.link.clicktrackers[1]"] != nil)
    }

    @Test func errorsNameTheMissingMemberPath() {
        let markup = #"{"native":{"assets":[{"id":1,"img":{"type":3}}],"link":{"url":"https://c.example.com/"}}}"#
        #expect(throws: MediationError.invalidBidMarkup(path: "$.native.assets[0].img.url", reason: "missing")) {
            try OpenRTBNativeAdMapper().map(markup: markup)
        }
        let wrongType = #"{"assets":[],"link":{"url":"https://c.example.com/","clicktrackers":[7]}}"#
        #expect(
            throws: MediationError.invalidBidMarkup(
                path: "$.link.clicktrackers[0]", reason: "expected a string, got a number")
        ) {
            try OpenRTBNativeAdMapper().map(markup: wrongType)
        }
    }

    @Test func pathTextJoinsMembersAndElements() {
        let path = OpenRTBJSONPath.member(.element(.member(.text("$"), "assets"), 3), "img")
        #expect(path.text == "$.assets[3].img")
        #expect(OpenRTBJSONPath.text("$").text == "$")
    }

    @Test func cachedMacroExpansionMatchesTheUncachedOne() {
        let values = AuctionMacroValues(auctionID: "a&b", bidID: "b", price: 0.125, currency: "EUR")
        let templates = [
            "https://n.example/?p=${AUCTION_PRICE}&p2=${AUCTION_PRICE}&a=${AUCTION_ID}",
            "https://n.example/?b=${AUCTION_PRICE:B64}&x=${OTHER}&c=${AUCTION_CURRENCY}",
            "https://n.example/$${AUCTION_BID_ID}/${AUCTION_PRICE", "no macros at all", "${}", "$", "ü${AUCTION_ID}ü",
        ]
        var cache: [String: String] = [:]
        for template in templates {
            #expect(
                AuctionMacroExpander.expand(template, with: values, cache: &cache)
                    == AuctionMacroExpander.expand(template, with: values))
        }
        #expect(cache["AUCTION_PRICE"] == "0.125")
        #expect(AuctionMacroExpander.expand("ü${AUCTION_ID}ü", with: values) == "üa%26bü")
        #expect(AuctionMacroExpander.expand("$${AUCTION_BID_ID}", with: values) == "$b")
    }
}
