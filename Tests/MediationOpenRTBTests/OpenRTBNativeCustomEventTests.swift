import Foundation
import MediationBridge
import MediationOpenRTB
import MediationTesting
import Testing

@Suite struct OpenRTBNativeCustomEventTests {
    private func load(
        _ markup: String?, info: CustomEventInfo = [:], request: OpenRTBNativeRequest? = NativeMarkupFixtures.request
    ) -> (RecordingCustomEventDelegate, RecordingTrackerPinger) {
        let delegate = RecordingCustomEventDelegate()
        let pinger = RecordingTrackerPinger()
        var source = NativeAdSource(customEventIdentifier: OpenRTBNativeCustomEvent.identifier, price: 2.5)
        source.currencyCode = "USD"
        let context = NativeAdRequestContext(delegate: delegate, trackerPinger: pinger, source: source)
        OpenRTBNativeCustomEvent(nativeRequest: request).requestAd(info: info, adMarkup: markup, context: context)
        return (delegate, pinger)
    }

    @Test func markupLoadsAndTheImpressionFiresItsTrackersOnceWithMacrosExpanded() throws {
        let (delegate, pinger) = load(NativeMarkupFixtures.full, info: ["auction_id": .string("a-1")])
        let ad = try #require(delegate.loadedAd)
        #expect(ad.properties.text(.title) == "Fresh Pears")
        #expect(ad.defaultActionURL?.absoluteString == "https://click.example.com/c?p=2.5")
        #expect(ad.properties.droppedValues["$.jstracker"] != nil)
        ad.recordImpression()
        ad.recordImpression()
        #expect(
            pinger.pings.filter { $0.event == .impression }.map(\.url.absoluteString) == [
                "https://track.example.com/imp?p=2.5&c=USD", "https://track.example.com/ev-imp",
            ])
        ad.recordClick()
        ad.recordClick()
        #expect(
            pinger.pings.filter { $0.event == .click }.map(\.url.absoluteString) == [
                "https://track.example.com/click?id=a-1"
            ])
    }

    @Test func invalidMarkupFailsAtOnceAndNeverFills() {
        let (delegate, pinger) = load(#"{"assets":[{"id":1,"title":{"text":"T"}}],"link":{"url":5}}"#, request: nil)
        #expect(delegate.outcomes.count == 1)
        #expect(delegate.loadedAd == nil)
        #expect(delegate.error == .invalidBidMarkup(path: "$.link.url", reason: "expected a string, got a number"))
        #expect(pinger.pings.isEmpty)
    }

    @Test func aLineWithoutMarkupFailsAsInvalidBidMarkup() {
        let (delegate, _) = load(nil)
        #expect(delegate.error?.code == "invalid_bid_markup")
    }

    @Test func theInfoCarriesTheNativeRequest() throws {
        let request = #"{"ver":"1.2","assets":[{"id":7,"required":1,"data":{"type":12}}]}"#
        let (missing, _) = load(NativeMarkupFixtures.wrapped, info: ["native_request": .string(request)], request: nil)
        #expect(
            missing.error
                == .invalidBidMarkup(path: "$.native.assets", reason: "required asset 7 (data type 12) is missing"))
        let markup = NativeMarkupFixtures.markup(assets: #"{"id":7,"data":{"value":"Install"}}"#)
        let (loaded, _) = load(markup, info: ["native_request": .string(request)], request: nil)
        #expect(loaded.loadedAd?.properties.text(.callToAction) == "Install")
    }

    @Test func registryRegistersTheServerName() throws {
        var registry = MediationRegistry()
        try registry.registerOpenRTBNative()
        #expect(registry.customEventIdentifiers == ["OpenRTBNativeCustomEvent"])
        #expect(try registry.makeCustomEvent("OpenRTBNativeCustomEvent").identifier == "OpenRTBNativeCustomEvent")
    }
}
