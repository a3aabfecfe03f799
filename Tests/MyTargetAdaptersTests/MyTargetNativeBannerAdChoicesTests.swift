import Foundation
import MediationCore
import MediationTesting
import MyTargetAdapters
import NetworkSandbox
import Testing

@Suite("myTarget native banner AdChoices")
struct MyTargetNativeBannerAdChoicesTests {
    private func loaded(
        _ info: CustomEventInfo, banner: MyTargetNativeBanner = MyTargetSandboxContent.storeBanner()
    ) throws -> (MyTargetHarness, NativeAd, MyTargetSandboxNativeBannerAd) {
        let harness = MyTargetHarness(.fill(banner))
        harness.request(info)
        let ad = try harness.loadedAd()
        try ad.render(into: NativeAdCard(), using: StaticNativeAdRenderer())
        return (harness, ad, try harness.loadedSDKAd())
    }

    @Test(
        "the SDK draws the icon where the placement says",
        arguments: [
            ("topLeft", MyTargetAdChoicesPlacement.topLeft), ("TOP_RIGHT", .topRight), ("bottomLeft", .bottomLeft),
            ("bottom-right", .bottomRight), ("manual", .manual),
        ])
    func sdkDrawnPlacements(name: String, placement: MyTargetAdChoicesPlacement) throws {
        let (_, ad, sdkAd) = try loaded(["slotId": .string("4242"), "adChoicesPlacement": .string(name)])
        #expect(sdkAd.adChoicesPlacement == placement)
        #expect(sdkAd.drawnAdChoicesPlacement == placement)
        #expect(ad.properties.image(.privacyIcon) == nil, "no second icon for the renderer to draw")
        #expect(sdkAd.simulateAdChoicesIconTap())
        #expect(sdkAd.adChoicesMenuCount == 1)
    }

    @Test("the default placement is the top-right corner")
    func defaultPlacement() throws {
        let (_, _, sdkAd) = try loaded(["slotId": .string("4242")])
        #expect(sdkAd.drawnAdChoicesPlacement == .topRight)
    }

    @Test("drawing manual: the host gets the icon and reports its taps")
    func drawingManual() throws {
        let banner = MyTargetSandboxContent.webBanner()
        let (harness, ad, sdkAd) = try loaded(
            ["slotId": .string("4242"), "adChoicesPlacement": .string("drawingManual")], banner: banner)
        let privacyIcon = try #require(ad.properties.image(.privacyIcon))
        #expect(privacyIcon.url == banner.adChoicesIcon?.url)
        #expect(privacyIcon.isLoaded)
        #expect(sdkAd.drawnAdChoicesPlacement == nil, "the SDK draws nothing")
        #expect(!sdkAd.simulateAdChoicesIconTap())

        let card = NativeAdCard()
        try ad.render(into: card, using: StaticNativeAdRenderer())
        #expect(card.contents[.privacyIcon] == .image(privacyIcon), "the renderer fills the privacy slot")

        let button = TestView()
        try harness.loadedAdapter().handleAdChoicesClick(sourceView: button)
        #expect(sdkAd.adChoicesClickCount == 1)
        #expect(sdkAd.adChoicesMenuCount == 1)
    }

    @Test("a banner without AdChoices has no icon anywhere")
    func noAdChoices() throws {
        var banner = MyTargetSandboxContent.storeBanner()
        banner.hasAdChoices = false
        let (_, manual, manualSDKAd) = try loaded(
            ["slotId": .string("4242"), "adChoicesPlacement": .string("drawingManual")], banner: banner)
        #expect(manual.properties.image(.privacyIcon) == nil)
        #expect(manualSDKAd.drawnAdChoicesPlacement == nil)
        let (_, _, cornerSDKAd) = try loaded(["slotId": .string("4242")], banner: banner)
        #expect(cornerSDKAd.drawnAdChoicesPlacement == nil)
        #expect(!cornerSDKAd.simulateAdChoicesHideAd())
    }

    @Test("hide ad: by default the SDK closes the ad and says so")
    func closesAutomatically() throws {
        let (harness, _, sdkAd) = try loaded(["slotId": .string("4242")])
        let recorder = EventRecorder()
        recorder.attach(to: try harness.loadedAdapter())
        #expect(sdkAd.simulateAdChoicesHideAd())
        #expect(sdkAd.isHiddenBySDK)
        #expect(recorder.events == [.closedAutomatically])
    }

    @Test("hide ad with automatic closing off: the host is asked to close the ad")
    func closeIfAutomaticallyDisabled() throws {
        let (harness, _, sdkAd) = try loaded(["slotId": .string("4242"), "adChoicesCloseAutomatically": .bool(false)])
        let adapter = try harness.loadedAdapter()
        let recorder = EventRecorder()
        recorder.attach(to: adapter)
        #expect(!adapter.shouldCloseAutomatically())
        #expect(sdkAd.simulateAdChoicesHideAd())
        #expect(!sdkAd.isHiddenBySDK)
        #expect(recorder.events == [.closeRequested])
        #expect(harness.logger.contains("closeRequested", level: .info))
    }
}
