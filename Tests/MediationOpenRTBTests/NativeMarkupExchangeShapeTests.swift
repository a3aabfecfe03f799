import Foundation
import MediationBridge
import MediationOpenRTB
import MediationTesting
import Testing

/// Native markup as exchanges write it (``ExchangeMarkupFixtures``) and as Native 1.2 allows it: protocol-relative
/// URLs read as https everywhere, a cleartext landing page taken as the click destination while cleartext images
/// and trackers stay refused, link-only assets, typed images over untyped ones, and an ad without a usable click
/// destination refused with its path.
@Suite struct NativeMarkupExchangeShapeTests {
    let macros = AuctionMacroValues(auctionID: "auction-9", price: 0.5, currency: "USD")

    @Test func protocolRelativeLinkImagesAndTrackersAreReadAsHTTPS() throws {
        let mapping = try OpenRTBNativeAdMapper(macroValues: macros).map(
            markup: ExchangeMarkupFixtures.protocolRelative)
        #expect(mapping.clickURL?.absoluteString == "https://www.shop.example/landing?c=0.5")
        #expect(mapping.clickTrackers.map(\.absoluteString) == ["https://t.shop.example/click?id=auction-9"])
        #expect(
            mapping.impressionTrackers.map(\.absoluteString) == [
                "https://t.shop.example/imp?p=0.5", "https://t.shop.example/ev-imp",
            ])
        #expect(mapping.viewabilityTrackers.map(\.url.absoluteString) == ["https://t.shop.example/mrc50"])
        #expect(
            mapping.properties.image(.mainImage)?.url?.absoluteString == "https://cdn.shop.example/native/728x90.png")
        #expect(mapping.properties.image(.iconImage)?.url?.absoluteString == "https://cdn.shop.example/native/icon.png")
        #expect(mapping.properties.url(.privacyClickURL)?.absoluteString == "https://www.shop.example/adchoices")
        #expect(mapping.properties.text(.title) == "Native Test Title")
        #expect(mapping.dropped.isEmpty, "\(mapping.dropped)")
    }

    @Test func theSharedRuleReadsOnlyTwoLeadingSlashesAsHTTPS() {
        #expect(MediationURLPolicy.resolvingProtocolRelative("//h.example/a") == "https://h.example/a")
        #expect(MediationURLPolicy.resolvingProtocolRelative("https://h.example/a") == "https://h.example/a")
        #expect(MediationURLPolicy.resolvingProtocolRelative("http://h.example/a") == "http://h.example/a")
        #expect(MediationURLPolicy.resolvingProtocolRelative("/h.example/a") == "/h.example/a")
        #expect(MediationURLPolicy.resolvingProtocolRelative("h.example//a") == "h.example//a")
        #expect(MediationURLPolicy.resolvingProtocolRelative("") == "")
    }

    @Test func numericDataValuesAreReadAsTheirDecimalText() throws {
        let markup = NativeMarkupFixtures.markup(
            assets: #"{"id":1,"title":{"text":"T"}},{"id":2,"data":{"type":3,"value":4.5}},"#
                + #"{"id":3,"data":{"type":4,"value":1200}},{"id":4,"data":{"type":6,"value":"$0.99"}}"#)
        let mapping = try OpenRTBNativeAdMapper().map(markup: markup)
        #expect(mapping.properties.number(.starRating) == 4.5)
        #expect(mapping.properties.text("likes") == "1200")
        #expect(mapping.properties.text("price") == "$0.99")
        #expect(mapping.dropped.isEmpty, "\(mapping.dropped)")
    }

    @Test func aDataValueThatIsNeitherTextNorANumberNamesItsPath() {
        let markup = NativeMarkupFixtures.markup(
            assets: #"{"id":1,"title":{"text":"T"}},{"id":2,"data":{"type":4,"value":[1]}}"#)
        #expect(
            throws: MediationError.invalidBidMarkup(
                path: "$.assets[1].data.value", reason: "expected a string or a number, got an array")
        ) {
            try OpenRTBNativeAdMapper().map(markup: markup)
        }
    }

    @Test func aProtocolRelativeImageWithoutAHostIsStillRefused() throws {
        let markup = NativeMarkupFixtures.markup(
            assets: #"{"id":1,"title":{"text":"T"}},{"id":2,"img":{"type":3,"url":"///m.png"}}"#)
        let mapping = try OpenRTBNativeAdMapper().map(markup: markup)
        #expect(mapping.properties.image(.mainImage) == nil)
        #expect(
            mapping.dropped.map(\.path) == ["$.assets[1].img.url"]
                && mapping.dropped.first?.reason == "URL refused: not an http(s) URL")
    }

    @Test func aCleartextLandingPageIsTheClickDestinationWhileCleartextImagesAndTrackersAreRefused() throws {
        let mapping = try OpenRTBNativeAdMapper().map(markup: ExchangeMarkupFixtures.cleartextLanding)
        #expect(mapping.version == "1")
        #expect(mapping.clickURL?.absoluteString == "http://www.cars.example/")
        #expect(mapping.clickTrackers.map(\.absoluteString) == ["https://track.cars.example/click"])
        #expect(mapping.impressionTrackers.isEmpty)
        #expect(mapping.properties.image(.iconImage) == nil)
        // The typed main image is cleartext and refused, so the untyped https one is the main image.
        #expect(mapping.properties.image(.mainImage)?.url?.absoluteString == "https://img.cars.example/hero.png")
        let cleartext = "URL refused: cleartext http to "
        for (path, host) in [
            ("$.native.assets[1].img.url", "img.cars.example"), ("$.native.assets[3].img.url", "img.cars.example"),
            ("$.native.imptrackers[0]", "track.cars.example"), ("$.native.eventtrackers[0].url", "track.cars.example"),
            ("$.native.link.clicktrackers[0]", "track.cars.example"),
        ] {
            let reason = mapping.dropped.first { $0.path == path }?.reason
            #expect(reason?.hasPrefix(cleartext + host + " refused") == true, "\(path): \(reason ?? "not dropped")")
        }
        #expect(!mapping.dropped.contains { $0.path == "$.native.link.url" })
    }

    @Test func theAdOpensItsCleartextLandingPageAndPingsNoCleartextTracker() throws {
        let delegate = RecordingCustomEventDelegate()
        let pinger = RecordingTrackerPinger()
        let source = NativeAdSource(customEventIdentifier: OpenRTBNativeCustomEvent.identifier, price: 1)
        let context = NativeAdRequestContext(delegate: delegate, trackerPinger: pinger, source: source)
        OpenRTBNativeCustomEvent().requestAd(
            info: [:], adMarkup: ExchangeMarkupFixtures.cleartextLanding, context: context)
        let ad = try #require(delegate.loadedAd)
        #expect(ad.defaultActionURL?.absoluteString == "http://www.cars.example/")
        ad.recordImpression()
        ad.recordClick()
        #expect(pinger.pings.map(\.url.absoluteString) == ["https://track.cars.example/click"])
    }

    @Test func theClickPolicyTakesCleartextButTheNetworkPolicyDoesNot() throws {
        let landing = try #require(URL(string: "http://www.cars.example/"))
        #expect(MediationURLPolicy.default.isAllowedClickURL(landing))
        #expect(!MediationURLPolicy.default.isAllowedNetworkURL(landing))
        #expect(MediationURLPolicy.default.cleartextRefusal(of: landing) != nil)
        // The readers give a protocol-relative URL its https before the policy sees it; unread, it has no scheme.
        for refused in ["javascript:alert(1)", "data:text/html,x", "file:///etc/passwd", "myapp://open", "//h/x"] {
            let url = try #require(URL(string: refused))
            #expect(!MediationURLPolicy.default.isAllowedClickURL(url), "\(refused)")
        }
    }

    @Test(arguments: [true, false])
    func aLinkOnlyAssetIsAcceptedAndTraced(withRequest: Bool) throws {
        let mapper = OpenRTBNativeAdMapper(request: withRequest ? NativeMarkupFixtures.request : nil)
        let mapping = try mapper.map(markup: ExchangeMarkupFixtures.linkOnlyAsset)
        #expect(mapping.properties.text(.title) == "Sample Native Ad")
        #expect(mapping.properties.image(.mainImage)?.url?.absoluteString == "https://img.example/main.jpg")
        #expect(mapping.clickURL?.absoluteString == "https://shop.example/")
        #expect(mapping.clickTrackers.isEmpty)
        #expect(mapping.impressionTrackers.map(\.absoluteString) == ["https://t.example/imp"])
        let drop = mapping.dropped.first { $0.path == "$.assets[3]" }
        #expect(drop?.reason == "an asset with only a link shows nothing; the ad's link is the click destination")
        #expect(mapping.properties.droppedValues["$.assets[3]"] != nil)
    }

    @Test func anAssetWithNeitherContentNorALinkStillFails() {
        let markup = NativeMarkupFixtures.markup(assets: #"{"id":1,"title":{"text":"T"}},{"id":2,"required":1}"#)
        #expect(
            throws: MediationError.invalidBidMarkup(
                path: "$.assets[1]", reason: "expected exactly one of title, img, video, data; got none")
        ) {
            try OpenRTBNativeAdMapper().map(markup: markup)
        }
    }

    @Test func aRequiredAssetAnsweredByOnlyALinkIsMissing() {
        let markup = NativeMarkupFixtures.markup(
            assets: #"{"id":1,"title":{"text":"T"}},{"id":3,"link":{"url":"https://shop.example/m"}}"#)
        #expect(
            throws: MediationError.invalidBidMarkup(
                path: "$.assets", reason: "required asset 3 (img type 3) is missing")
        ) {
            try OpenRTBNativeAdMapper(request: NativeMarkupFixtures.request).map(markup: markup)
        }
    }

    /// An untyped image is placed by its size; an image typed for the same key takes the key, before or after it.
    @Test(arguments: [
        (
            #"{"url":"https://img.example/untyped-main.jpg","w":1200,"h":627}"#,
            #"{"type":3,"url":"https://img.example/typed-main.jpg","w":600,"h":314}"#,
            NativeAdPropertyKey.mainImage, "https://img.example/typed-main.jpg"
        ),
        (
            #"{"url":"https://img.example/untyped-icon.png","w":100,"h":100}"#,
            #"{"type":1,"url":"https://img.example/typed-icon.png","w":50,"h":50}"#, .iconImage,
            "https://img.example/typed-icon.png"
        ),
        (
            #"{"url":"https://img.example/untyped-icon.png","w":100,"h":100}"#,
            #"{"type":2,"url":"https://img.example/typed-logo.png","w":120,"h":120}"#, .iconImage,
            "https://img.example/typed-logo.png"
        ),
    ])
    func aTypedImageWinsOverAnUntypedOneInEitherOrder(
        untyped: String, typed: String, key: NativeAdPropertyKey, winner: String
    ) throws {
        for (markup, untypedPath) in [
            (ExchangeMarkupFixtures.images(untyped, typed), "$.assets[1].img.url"),
            (ExchangeMarkupFixtures.images(typed, untyped), "$.assets[2].img.url"),
        ] {
            let mapping = try OpenRTBNativeAdMapper().map(markup: markup)
            #expect(mapping.properties.image(key)?.url?.absoluteString == winner)
            #expect(mapping.dropped.map(\.path) == [untypedPath])
            #expect(mapping.dropped.first?.reason.hasPrefix("an untyped image; ") == true, "\(mapping.dropped)")
            #expect(mapping.properties.droppedValues[untypedPath] != nil)
        }
    }

    @Test func anUntypedImageBesideATypedOneOfTheOtherKeyKeepsItsPlace() throws {
        let markup = ExchangeMarkupFixtures.images(
            #"{"url":"https://img.example/untyped-icon.png","w":64,"h":64}"#,
            #"{"type":3,"url":"https://img.example/typed-main.jpg","w":1200,"h":627}"#)
        let mapping = try OpenRTBNativeAdMapper().map(markup: markup)
        #expect(mapping.properties.image(.iconImage)?.url?.absoluteString == "https://img.example/untyped-icon.png")
        #expect(mapping.properties.image(.mainImage)?.url?.absoluteString == "https://img.example/typed-main.jpg")
        #expect(mapping.dropped.isEmpty)
    }

    @Test func twoUntypedImagesForOneKeyKeepTheFirst() throws {
        let markup = ExchangeMarkupFixtures.images(
            #"{"url":"https://img.example/first.jpg","w":1200,"h":627}"#,
            #"{"url":"https://img.example/second.jpg","w":600,"h":400}"#)
        let mapping = try OpenRTBNativeAdMapper().map(markup: markup)
        #expect(mapping.properties.image(.mainImage)?.url?.absoluteString == "https://img.example/first.jpg")
        #expect(mapping.dropped.map(\.path) == ["$.assets[2].img.url"])
    }

    /// An ad the user cannot click is not a fill: no usable `link.url` and no usable `link.fallback` fail the bid
    /// with `invalid_bid_markup` at `link.url`, giving both refusals.
    @Test(arguments: [
        (#"{"url":"javascript:alert(1)"}"#, false, "$.link.url", "URL refused: not an http(s) URL or a deep link"),
        (#"{"url":"www.shop.example/landing"}"#, false, "$.link.url", "URL refused: not an http(s) URL or a deep link"),
        (#"{"url":""}"#, true, "$.native.link.url", "not a URL"),
        (
            #"{"url":"myapp://open","fallback":"ftp://shop.example/"}"#, false, "$.link.url",
            "$.link.fallback: URL refused"
        ),
        (
            #"{"url":"///nohost","clicktrackers":["https://t.example/c"]}"#, true, "$.native.link.url",
            "no link.fallback"
        ),
    ])
    func anAdWithoutAUsableClickDestinationIsRefusedWithItsPath(
        link: String, wrapped: Bool, path: String, reasonPart: String
    ) {
        do {
            let mapping = try OpenRTBNativeAdMapper().map(markup: ExchangeMarkupFixtures.link(link, wrapped: wrapped))
            Issue.record("mapped with click URL \(String(describing: mapping.clickURL))")
        } catch {
            guard case .invalidBidMarkup(let found, let reason) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(error.code == "invalid_bid_markup")
            #expect(found == path)
            #expect(reason.hasPrefix("no usable click destination: "), "\(reason)")
            #expect(reason.contains(reasonPart), "\(reason)")
        }
    }

    @Test func aRefusedLinkWithAUsableFallbackStillFills() throws {
        let mapping = try OpenRTBNativeAdMapper().map(
            markup: ExchangeMarkupFixtures.link(#"{"url":"myapp://open","fallback":"http://shop.example/"}"#))
        #expect(mapping.clickURL?.absoluteString == "http://shop.example/")
        #expect(mapping.dropped.map(\.path) == ["$.link.url"])
        let deepLinks = OpenRTBNativeAdMapper(urlPolicy: MediationURLPolicy(allowedDeepLinkSchemes: ["myapp"]))
        let declared = try deepLinks.map(
            markup: ExchangeMarkupFixtures.link(#"{"url":"myapp://open","fallback":"http://shop.example/"}"#))
        #expect(declared.clickURL?.absoluteString == "myapp://open")
    }

    @Test func theCustomEventFailsAnUnclickableAdWithoutFilling() {
        let delegate = RecordingCustomEventDelegate()
        let pinger = RecordingTrackerPinger()
        let source = NativeAdSource(customEventIdentifier: OpenRTBNativeCustomEvent.identifier, price: 1)
        let context = NativeAdRequestContext(delegate: delegate, trackerPinger: pinger, source: source)
        let markup = ExchangeMarkupFixtures.link(
            #"{"url":"javascript:void(0)","clicktrackers":["https://t.example/c"]}"#)
        OpenRTBNativeCustomEvent().requestAd(info: [:], adMarkup: markup, context: context)
        #expect(delegate.loadedAd == nil)
        #expect(delegate.error?.code == "invalid_bid_markup")
        if case .invalidBidMarkup(let path, _)? = delegate.error { #expect(path == "$.link.url") }
        #expect(pinger.pings.isEmpty)
    }

    @Test(arguments: [("1.2", "1.2"), ("1", "1"), ("1.0", "1")])
    func aNumericVersionIsReadAsItsText(written: String, read: String) throws {
        let markup = #"{"ver":\#(written),"assets":[],"link":{"url":"https://shop.example/"}}"#
        #expect(try OpenRTBNativeAdMapper().map(markup: markup).version == read)
        #expect(
            try OpenRTBNativeAdMapper().map(markup: #"{"ver":"1.2","assets":[],"link":{"url":"https://s.example/"}}"#)
                .version == "1.2")
    }
}
