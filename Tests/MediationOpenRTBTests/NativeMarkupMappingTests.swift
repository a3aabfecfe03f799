import Foundation
import MediationBridge
import MediationOpenRTB
import Testing

@Suite struct NativeMarkupMappingTests {
    let macros = AuctionMacroValues(auctionID: "auction-7", price: 1.25, currency: "EUR")

    private func mapFull() throws -> OpenRTBNativeAdMapping {
        try OpenRTBNativeAdMapper(request: NativeMarkupFixtures.request, macroValues: macros)
            .map(markup: NativeMarkupFixtures.full)
    }

    @Test func everyAssetTypeMapsToItsUnifiedKey() throws {
        let mapping = try mapFull()
        let properties = mapping.properties
        #expect(mapping.version == "1.2")
        #expect(properties.text(.title) == "Fresh Pears")
        #expect(properties.image(.iconImage)?.url?.absoluteString == "https://cdn.example.com/icon.png")
        #expect(properties.image(.iconImage)?.size == ImageSize(width: 80, height: 80))
        #expect(properties.image(.mainImage)?.size == ImageSize(width: 1200, height: 627))
        #expect(properties.text(OpenRTBNativeAssetMapping.vastTagKey) == #"<VAST version="4.2"><Ad id="1"/></VAST>"#)
        #expect(properties.text(.sponsored) == "Pear Co.")
        #expect(properties.text(.text) == "Crisp pears delivered.")
        #expect(properties.number(.starRating) == 4.5)
        #expect(properties.text("likes") == "12k")
        #expect(properties.text("downloads") == "1M+")
        #expect(properties.text("price") == "$3.99")
        #expect(properties.text("saleprice") == "$1.99")
        #expect(properties.text("phone") == "+1 555 0100")
        #expect(properties.text("address") == "1 Orchard Way")
        #expect(properties.text("desc2") == "More text.")
        #expect(properties.text(.domain) == "pears.example.com")
        #expect(properties.text(.callToAction) == "Buy now")
        #expect(properties.url(.privacyClickURL)?.absoluteString == "https://privacy.example.com/adchoices")
    }

    @Test func trackersAreKeptExpandedAndDeduplicated() throws {
        let mapping = try mapFull()
        #expect(
            mapping.impressionTrackers.map(\.absoluteString) == [
                "https://track.example.com/imp?p=1.25&c=EUR", "https://track.example.com/ev-imp",
            ])
        #expect(mapping.clickTrackers.map(\.absoluteString) == ["https://track.example.com/click?id=auction-7"])
        #expect(
            mapping.viewabilityTrackers == [
                OpenRTBEventTracker(event: 2, url: URL(string: "https://track.example.com/mrc50")!)
            ])
        #expect(mapping.clickURL?.absoluteString == "https://click.example.com/c?p=1.25")
    }

    @Test func scriptsAndJavaScriptTrackersAreDroppedAndTraced() throws {
        let mapping = try mapFull()
        let paths = mapping.dropped.map(\.path)
        #expect(paths.contains("$.jstracker"))
        #expect(paths.contains("$.eventtrackers[2]"))
        #expect(mapping.dropped.first { $0.path == "$.eventtrackers[2]" }?.reason.contains("JavaScript") == true)
        #expect(mapping.properties.droppedValues["$.jstracker"] != nil)
        #expect(!mapping.impressionTrackers.contains { $0.absoluteString.hasSuffix(".js") })
    }

    @Test func theNative10WrapperMapsWithoutARequest() throws {
        let mapping = try OpenRTBNativeAdMapper().map(markup: NativeMarkupFixtures.wrapped)
        #expect(mapping.version == "1.0")
        #expect(mapping.properties.text(.title) == "Fresh Pears")
        #expect(mapping.properties.image(.iconImage) != nil)
        #expect(mapping.properties.image(.mainImage) != nil)
        #expect(mapping.properties.text(.text) == "Crisp pears delivered.")
        #expect(mapping.clickURL?.absoluteString == "https://pears.example.com/")
        #expect(mapping.impressionTrackers.map(\.absoluteString) == ["https://track.example.com/imp"])
    }

    @Test func aDuplicateAssetIDKeepsTheFirstAndTracesTheSecond() throws {
        let markup = NativeMarkupFixtures.markup(
            assets: #"{"id":1,"title":{"text":"First"}},{"id":1,"title":{"text":"Second"}},"#
                + #"{"id":3,"img":{"url":"https://cdn.example.com/m.jpg"}}"#)
        let mapping = try OpenRTBNativeAdMapper(request: NativeMarkupFixtures.request).map(markup: markup)
        #expect(mapping.properties.text(.title) == "First")
        #expect(mapping.dropped.contains { $0.path == "$.assets[1]" && $0.reason.contains("second asset with id 1") })
    }

    @Test func aMissingRequiredAssetFailsNamingTheAssets() {
        let markup = NativeMarkupFixtures.markup(assets: #"{"id":1,"title":{"text":"Only a title"}}"#)
        #expect(
            throws: MediationError.invalidBidMarkup(
                path: "$.assets", reason: "required asset 3 (img type 3) is missing")
        ) {
            try OpenRTBNativeAdMapper(request: NativeMarkupFixtures.request).map(markup: markup)
        }
    }

    @Test func aMemberOfTheWrongTypeFailsWithItsPath() {
        let markup = NativeMarkupFixtures.markup(assets: #"{"id":1,"title":{"text":42}}"#)
        #expect(
            throws: MediationError.invalidBidMarkup(
                path: "$.assets[0].title.text", reason: "expected a string, got a number")
        ) {
            try OpenRTBNativeAdMapper().map(markup: markup)
        }
    }

    @Test func invalidMarkupFailsWithTheCodeAndPath() throws {
        for (markup, path) in [
            (#"{"assets":[{"id":1,"title":{"text":"x"}}]"#, "$"),
            (#"{"assets":[{"id":1,"title":{"text":"x"}}]}"#, "$.link"),
            (#"{"assets":[{"id":1}],"link":{"url":"https://a.example/"}}"#, "$.assets[0]"),
            (#"{"assets":[],"link":{}}"#, "$.link.url"),
            (#"[1,2]"#, "$"),
            (#"{"link":{"url":"https://a.example/"},"assetsurl":"https://a.example/assets"}"#, "$.assets"),
        ] {
            do {
                _ = try OpenRTBNativeAdMapper().map(markup: markup)
                Issue.record("\(markup) mapped")
            } catch {
                #expect(error.code == "invalid_bid_markup")
                guard case .invalidBidMarkup(let found, _) = error else { continue }
                #expect(found == path, "\(markup)")
            }
        }
    }

    @Test func hostileURLsAreDroppedAndTheFallbackOpens() throws {
        let markup = """
            {"assets":[{"id":1,"title":{"text":"T"}},{"id":3,"img":{"url":"data:image/png;base64,AAAA"}},
              {"id":2,"img":{"url":"javascript:alert(1)"}}],
             "link":{"url":"javascript:alert(1)","fallback":"https://safe.example.com/",
                     "clicktrackers":["file:///etc/passwd","http://cleartext.example.com/c"]},
             "imptrackers":["javascript:alert(2)","https://ok.example.com/i"],
             "privacy":"vbscript:msgbox"}
            """
        let mapping = try OpenRTBNativeAdMapper().map(markup: markup)
        #expect(mapping.clickURL?.absoluteString == "https://safe.example.com/")
        #expect(mapping.clickTrackers.isEmpty)
        #expect(mapping.impressionTrackers.map(\.absoluteString) == ["https://ok.example.com/i"])
        #expect(mapping.properties.image(.mainImage) == nil)
        #expect(mapping.properties.image(.iconImage) == nil)
        #expect(mapping.properties[.privacyClickURL] == nil)
        let paths = Set(mapping.dropped.map(\.path))
        for path in [
            "$.link.url", "$.link.clicktrackers[0]", "$.link.clicktrackers[1]", "$.imptrackers[0]", "$.privacy",
            "$.assets[1].img.url",
        ] {
            #expect(paths.contains(path), "\(path) not traced")
        }
    }

    @Test func fiveMegabytesOfMarkupAreRefusedUnread() {
        let padding = String(repeating: "a", count: 5_000_000)
        let markup = NativeMarkupFixtures.markup(assets: #"{"id":1,"title":{"text":"\#(padding)"}}"#)
        #expect(
            throws: MediationError.invalidBidMarkup(
                path: "$", reason: "markup of \(markup.utf8.count) bytes, over the limit of 1048576")
        ) {
            try OpenRTBNativeAdMapper().map(markup: markup)
        }
    }

    @Test func tooManyTrackersKeepTheFirstOnes() throws {
        let trackers = (0..<40).map { #""https://t.example.com/\#($0)""# }.joined(separator: ",")
        let markup = NativeMarkupFixtures.markup(
            assets: #"{"id":1,"title":{"text":"T"}}"#, extra: #","imptrackers":[\#(trackers)]"#)
        let mapping = try OpenRTBNativeAdMapper().map(markup: markup)
        #expect(mapping.impressionTrackers.count == 32)
        #expect(mapping.dropped.contains { $0.path == "$.imptrackers" })
    }

    @Test func aBadRatingIsDroppedNotFailed() throws {
        let markup = NativeMarkupFixtures.markup(
            assets:
                #"{"id":1,"title":{"text":"T"}},{"id":103,"data":{"value":"7"}},{"id":3,"img":{"url":"https://c.example/m.jpg"}}"#
        )
        let mapping = try OpenRTBNativeAdMapper(request: NativeMarkupFixtures.request).map(markup: markup)
        #expect(mapping.properties[.starRating] == nil)
        #expect(mapping.dropped.contains { $0.path == "$.assets[1].data.value" })
    }

    @Test func anAssetTheRequestDidNotAskForIsDropped() throws {
        let markup = NativeMarkupFixtures.markup(
            assets:
                #"{"id":1,"title":{"text":"T"}},{"id":3,"img":{"url":"https://c.example/m.jpg"}},{"id":99,"data":{"value":"?"}}"#
        )
        let mapping = try OpenRTBNativeAdMapper(request: NativeMarkupFixtures.request).map(markup: markup)
        #expect(mapping.dropped.contains { $0.path == "$.assets[2]" && $0.reason == "asset 99 was not requested" })
    }
}
