import Foundation
import MediationCore
import MediationSupport
import MediationTesting
import MyTargetAdapters
import NetworkSandbox
import Testing

@MainActor @Suite("myTarget native banner AdChoices")
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

    @Test("the host's AdChoices menu gets the SDK's entries; \"Hide ad\" closes the ad")
    func hostMenuHideAd() throws {
        let harness = MyTargetHarness(.fill(MyTargetSandboxContent.storeBanner()))
        let menus = RecordingMenuFactory()
        let customEvent = MyTargetNativeBannerCustomEvent(
            factory: harness.sandbox, viewRegistry: harness.viewRegistry, adChoicesMenuFactory: menus)
        customEvent.requestAd(
            info: ["slotId": .string("4242"), "adChoicesPlacement": .string("drawingManual")], adMarkup: nil,
            context: harness.context())
        let adapter = try harness.loadedAdapter()
        let sdkAd = try MyTargetHarness.sdkAd(of: adapter)
        #expect(sdkAd.adChoicesMenuFactory != nil)
        let recorder = EventRecorder()
        recorder.attach(to: adapter)
        try harness.loadedAd().render(into: NativeAdCard(), using: StaticNativeAdRenderer())

        adapter.handleAdChoicesClick(sourceView: TestView())
        let menu = try #require(menus.menus.first)
        #expect(menus.menus.count == 1)
        #expect(menu.presentationCount == 1)
        #expect(menu.actions.map(\.title) == ["Hide ad", "Report ad", "Cancel"])
        #expect(menu.actions.map(\.style) == [.default, .default, .cancel])
        try menu.tap("Hide ad")
        #expect(sdkAd.isHiddenBySDK)
        #expect(recorder.events == [.closedAutomatically])
    }

    @Test("the SDK-drawn icon opens the host's menu too; other entries do not close the ad")
    func hostMenuFromTheSDKIcon() throws {
        let harness = MyTargetHarness(.fill(MyTargetSandboxContent.webBanner()))
        let menus = RecordingMenuFactory()
        let customEvent = MyTargetNativeBannerCustomEvent(
            factory: harness.sandbox, viewRegistry: harness.viewRegistry, adChoicesMenuFactory: menus)
        customEvent.requestAd(info: ["slotId": .number(4242)], adMarkup: nil, context: harness.context())
        let adapter = try harness.loadedAdapter()
        let sdkAd = try MyTargetHarness.sdkAd(of: adapter)
        let recorder = EventRecorder()
        recorder.attach(to: adapter)
        try harness.loadedAd().render(into: NativeAdCard(), using: StaticNativeAdRenderer())

        #expect(sdkAd.simulateAdChoicesIconTap())
        let menu = try #require(menus.menus.first)
        try menu.tap("Report ad")
        try menu.tap("Cancel")
        #expect(sdkAd.adReportCount == 1)
        #expect(!sdkAd.isHiddenBySDK)
        #expect(recorder.events.isEmpty)
    }

    @Test("without a menu factory the SDK shows its own menu")
    func sdkMenu() throws {
        let (_, _, sdkAd) = try loaded(["slotId": .string("4242")])
        #expect(sdkAd.adChoicesMenuFactory == nil)
        #expect(sdkAd.simulateAdChoicesIconTap())
        #expect(sdkAd.adChoicesMenuCount == 1)
    }

    @Test("a loader passes the host's menu factory to every ad it loads")
    func loaderMenuFactory() throws {
        let sandbox = MyTargetSandbox()
        sandbox.setScript(
            .fill([MyTargetSandboxBanner(MyTargetSandboxContent.storeBanner())]), forSlot: MyTargetHarness.slot)
        let menus = RecordingMenuFactory()
        let loader = try MyTargetNativeBannerBatchLoader(
            count: 1, info: ["slotId": .string("4242")], factory: sandbox, viewRegistry: MyTargetViewRegistry(),
            adChoicesMenuFactory: menus)
        let ads = Locked<[NativeAd]>([])
        loader.load(source: MyTargetHarness.source) { result in
            if case .success(let loaded) = result { ads.withLock { $0 = loaded } }
        }
        let adapter = try #require(ads.current.first?.adapter as? MyTargetNativeBannerAdapter)
        let sdkAd = try MyTargetHarness.sdkAd(of: adapter)
        adapter.handleAdChoicesClick()
        #expect(sdkAd.adChoicesMenuFactory != nil)
        #expect(menus.menus.count == 1)
    }
}
