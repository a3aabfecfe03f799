import Foundation
import MediationCore
import MediationTesting
import MyTargetAdapters
import NetworkSandbox
import Testing

@MainActor @Suite("myTarget native banner events and view registration")
struct MyTargetNativeBannerEventTests {
    private func loaded(_ banner: MyTargetNativeBanner = MyTargetSandboxContent.storeBanner()) throws -> (
        MyTargetHarness, NativeAd, MyTargetSandboxNativeBannerAd
    ) {
        let harness = MyTargetHarness(.fill(banner))
        harness.request()
        return (harness, try harness.loadedAd(), try harness.loadedSDKAd())
    }

    @Test("impression: the SDK's show counts once; the host's report is ignored")
    func impressionPath() async throws {
        let (harness, ad, sdkAd) = try loaded()
        let host = RecordingNativeAdDelegate()
        ad.delegate = host
        try ad.render(into: NativeAdCard(), using: StaticNativeAdRenderer())

        ad.recordImpression()
        #expect(await host.settledCount(.impression) == 0, "myTarget counts impressions itself")
        #expect(sdkAd.simulateShow())
        #expect(await host.settledCount(.impression) == 1)
        #expect(harness.pinger.count(of: MyTargetHarness.impressionTracker) == 1)
        #expect(sdkAd.simulateShow())
        #expect(await host.settledCount(.impression) == 1)
        #expect(harness.pinger.count(of: MyTargetHarness.impressionTracker) == 1)
        #expect(ad.hasRecordedImpression)
    }

    @Test("click: the SDK's click counts; the host's tap is ignored; click trackers fire once")
    func clickPath() async throws {
        let (harness, ad, sdkAd) = try loaded()
        let host = RecordingNativeAdDelegate()
        ad.delegate = host
        try ad.render(into: NativeAdCard(), using: StaticNativeAdRenderer())

        ad.recordClick()
        #expect(await host.settledCount(.click) == 0, "myTarget detects clicks itself")
        #expect(sdkAd.simulateClick())
        #expect(await host.settledCount(.click) == 1)
        #expect(harness.pinger.count(of: MyTargetHarness.clickTracker) == 1)
        #expect(sdkAd.simulateClick())
        #expect(await host.settledCount(.click) == 2, "each SDK click reaches the host")
        #expect(harness.pinger.count(of: MyTargetHarness.clickTracker) == 1, "trackers fire on the first click only")
    }

    @Test("every SDK event is forwarded to the adapter delegate once")
    func everyEventOnceToTheAdapterDelegate() throws {
        let (harness, _, sdkAd) = try loaded()
        let adapter = try harness.loadedAdapter()
        let recorder = RecordingAdapterDelegate()
        adapter.delegate = recorder
        adapter.willAttach(to: NativeAdCard())

        sdkAd.simulateShow()
        sdkAd.simulateClick()
        sdkAd.simulateShowModal()
        sdkAd.simulateDismissModal()
        sdkAd.simulateLeaveApplication()
        #expect(
            recorder.events == [
                .willLogImpression, .didClick, .willPresentModal, .didDismissModal, .willLeaveApplication,
            ])
        for event in RecordingAdapterDelegate.Event.allCases {
            #expect(recorder.count(event) == 1, "\(event)")
        }
    }

    @Test("every SDK event reaches the host once")
    func everyEventOnceToTheHost() async throws {
        let (_, ad, sdkAd) = try loaded(MyTargetSandboxContent.webBanner())
        let host = RecordingNativeAdDelegate()
        ad.delegate = host
        try ad.render(into: NativeAdCard(), using: StaticNativeAdRenderer())

        sdkAd.simulateShow()
        sdkAd.simulateClick()
        sdkAd.simulateShowModal()
        sdkAd.simulateDismissModal()
        sdkAd.simulateLeaveApplication()
        #expect(
            (await host.settledEvents()) == [
                .impression, .click, .willPresentModal, .didDismissModal, .willLeaveApplication,
            ])
    }

    @Test("nothing is shown or clicked before a view is registered")
    func noEventsBeforeRegistration() async throws {
        let (_, ad, sdkAd) = try loaded()
        let host = RecordingNativeAdDelegate()
        ad.delegate = host
        #expect(!sdkAd.simulateShow())
        #expect(!sdkAd.simulateClick())
        #expect((await host.settledEvents()).isEmpty)
    }

    @Test("events of another SDK ad are not forwarded")
    func foreignEventsIgnored() throws {
        let (harness, _, _) = try loaded()
        let adapter = try harness.loadedAdapter()
        let recorder = RecordingAdapterDelegate()
        adapter.delegate = recorder
        let other = harness.sandbox.makeNativeBannerAd(slotId: 1)
        adapter.onAdShow(with: other)
        adapter.onAdClick(withClickedView: nil, nativeBannerAd: other)
        adapter.onShowModal(with: other)
        adapter.onDismissModal(with: other)
        adapter.onLeaveApplication(with: other)
        #expect(recorder.events.isEmpty)
    }

    @Test("a surface with clickable sub-views registers them; only they take clicks")
    func clickableViews() async throws {
        let (_, ad, sdkAd) = try loaded()
        let host = RecordingNativeAdDelegate()
        ad.delegate = host
        let surface = ClickableSurface()
        try ad.render(into: surface, using: StaticNativeAdRenderer())

        #expect(sdkAd.registeredView === surface)
        #expect(
            sdkAd.clickableViews == [ObjectIdentifier(surface.titleView), ObjectIdentifier(surface.callToActionView)])
        #expect(!sdkAd.simulateClick(on: surface.bodyView))
        #expect(!sdkAd.simulateClick())
        #expect(await host.settledCount(.click) == 0)
        #expect(sdkAd.simulateClick(on: surface.callToActionView))
        #expect(await host.settledCount(.click) == 1)
    }

    @Test("a surface without clickable sub-views is clickable as a whole")
    func wholeViewClickable() throws {
        let (_, ad, sdkAd) = try loaded()
        let empty = ClickableSurface(listsClickableViews: false)
        try ad.render(into: empty, using: StaticNativeAdRenderer())
        #expect(sdkAd.clickableViews == nil)
        #expect(sdkAd.simulateClick())

        let card = NativeAdCard()
        try ad.render(into: card, using: StaticNativeAdRenderer())
        #expect(sdkAd.registeredView === card)
        #expect(sdkAd.clickableViews == nil)
        #expect(sdkAd.simulateClick(on: card))
    }

    @Test("detaching the surface unregisters it")
    func detachUnregisters() throws {
        let (harness, ad, sdkAd) = try loaded()
        let adapter = try harness.loadedAdapter()
        let card = NativeAdCard()
        try ad.render(into: card, using: StaticNativeAdRenderer())
        #expect(sdkAd.isRegistered)
        #expect(sdkAd.registerCount == 1)
        #expect(adapter.registeredSurface === card)
        #expect(harness.viewRegistry.owner(of: card) === adapter)

        ad.detachSurface()
        #expect(!sdkAd.isRegistered)
        #expect(sdkAd.unregisterCount == 1)
        #expect(adapter.registeredSurface == nil)
        #expect(harness.viewRegistry.owner(of: card) == nil)
        #expect(!sdkAd.simulateShow())

        adapter.didDetach(from: card)
        #expect(sdkAd.unregisterCount == 1, "detaching twice unregisters once")
    }

    @Test("a surface registered on a new ad is first unregistered from the old one")
    func surfaceMovesToANewAd() throws {
        let (harness, firstAd, firstSDKAd) = try loaded()
        let firstAdapter = try harness.loadedAdapter()
        let card = NativeAdCard()
        try firstAd.render(into: card, using: StaticNativeAdRenderer())

        harness.sandbox.setScript(.fill(MyTargetSandboxContent.webBanner()), forSlot: 7)
        let secondDelegate = RecordingCustomEventDelegate()
        harness.makeCustomEvent().requestAd(
            info: ["slotId": .number(7)], adMarkup: nil, context: harness.context(delegate: secondDelegate))
        let secondAd = try #require(secondDelegate.loadedAd)
        let secondAdapter = try #require(secondAd.adapter as? MyTargetNativeBannerAdapter)
        let secondSDKAd = try MyTargetHarness.sdkAd(of: secondAdapter)

        try secondAd.render(into: card, using: StaticNativeAdRenderer())
        #expect(!firstSDKAd.isRegistered)
        #expect(firstSDKAd.unregisterCount == 1)
        #expect(firstAdapter.registeredSurface == nil)
        #expect(secondSDKAd.registeredView === card)
        #expect(harness.viewRegistry.owner(of: card) === secondAdapter)
        #expect(!firstSDKAd.simulateShow(), "the old ad no longer tracks the view")
        #expect(secondSDKAd.simulateShow())

        firstAd.detachSurface()
        #expect(firstSDKAd.unregisterCount == 1, "the old ad already let go")
        #expect(secondSDKAd.isRegistered, "the old ad's detach does not touch the new ad")
    }

    @Test("an ad moved to a new surface unregisters the old surface first")
    func adMovesToANewSurface() throws {
        let (harness, ad, sdkAd) = try loaded()
        let first = NativeAdCard()
        let second = NativeAdCard()
        try ad.render(into: first, using: StaticNativeAdRenderer())
        try ad.render(into: second, using: StaticNativeAdRenderer())
        #expect(sdkAd.unregisterCount == 1)
        #expect(sdkAd.registerCount == 2)
        #expect(sdkAd.registeredView === second)
        #expect(harness.viewRegistry.owner(of: first) == nil)
        #expect(harness.viewRegistry.owner(of: second) === (try harness.loadedAdapter()))
    }
}
