import Foundation
import MediationConformance
import MediationConformanceTesting
import MediationCore
import MediationSupport
import MediationTesting
import MyTargetAdapters
import NetworkSandbox
import Testing

@MainActor @Suite struct MyTargetConformanceTests {
    @Test func myTargetNativeBannerPassesTheConformanceKit() async {
        let report = await expectConformance(.myTargetNativeBanner, options: .strict)
        let failed = report.results.filter { $0.status == .failed }.map { "\($0.check): \($0.reason)" }
        #expect(report.passed, "failed checks: \(failed)")
        #expect(report.results.map(\.check) == ConformanceCheck.allCases)
        #expect(report.count(.skipped) == 0)
    }

    @Test func kitsEventChecksSeeEveryEventOnceAndNothingElse() async {
        let report = await ConformanceKit.run(
            .myTargetNativeBanner, checks: [.impressionForwardedOnce, .clickForwardedOnce, .modalAndLeaveForwarded])
        #expect(report.results.count == 3)
        for result in report.results {
            #expect(result.status == .passed, "\(result.check): \(result.reason)")
            #expect(!result.reason.contains("cannot report"), "\(result.check): \(result.reason)")
        }
    }

    @Test func subjectDescribesTheAdapter() throws {
        let subject = AdapterConformanceSubject.myTargetNativeBanner
        #expect(subject.customEventIdentifier == MyTargetNativeBannerCustomEvent.identifier)
        #expect(
            subject.requiredInfoKeys == MyTargetNativeBannerCustomEvent(factory: MyTargetSandbox()).requiredInfoKeys)
        #expect(subject.validInfo["slotId"] == .string("\(MyTargetSandbox.conformanceSlotId)"))
        let configuration = try #require(subject.rendererConfigurations.first)
        #expect(configuration.supports(MyTargetNativeBannerCustomEvent.identifier))
        #expect(subject.adapterVersion() == MyTargetAdaptersVersion.adapter)
        #expect(subject.networkSDKVersion() == MyTargetAdaptersVersion.sdk)
    }

    // MARK: The driver

    @Test func driverScriptsTheConformanceSlotAndCountsLoads() {
        let driver = ConformanceNetworkDriver<MyTargetSandbox>.myTargetSandbox
        let manualClock = ManualClock()
        let sandbox = driver.makeStandIn(MediationClock(manualClock))
        driver.arrange(sandbox, ConformanceScenario(.error(code: 4_042, message: "disabled")))

        let slot = MyTargetSandbox.conformanceSlotId
        #expect(
            sandbox.script(forSlot: slot).response == .error(MyTargetAdLoadingError(code: 4_042, message: "disabled")))
        #expect(sandbox.script(forSlot: slot + 1).response == .noFill)
        #expect(driver.loadAttempts(sandbox) == 0)
        let first = sandbox.makeNativeBannerAd(slotId: slot, adChoicesMenuFactory: nil)
        first.load()
        sandbox.makeNativeBannerAd(slotId: slot, adChoicesMenuFactory: nil).loadFromBid("bid")
        #expect(driver.loadAttempts(sandbox) == 2)
    }

    @Test func networkEventsReachTheAdapterAsTheSDKReportsThem() throws {
        let harness = MyTargetHarness(MyTargetSandboxScript(.sampleFill()))
        harness.request()
        let ad = try harness.loadedAd()
        let sdkAd = try harness.loadedSDKAd()
        let events = RecordingAdapterDelegate()
        ad.adapter.delegate = events
        #expect(!sdkAd.isRegistered)

        #expect(MyTargetSandbox.report(.impression, on: ad))
        #expect(MyTargetSandbox.report(.click, on: ad))
        #expect(MyTargetSandbox.report(.willPresentModal, on: ad))
        #expect(MyTargetSandbox.report(.didDismissModal, on: ad))
        #expect(MyTargetSandbox.report(.willLeaveApplication, on: ad))

        #expect(
            events.events == [
                .willLogImpression, .didClick, .willPresentModal, .didDismissModal, .willLeaveApplication,
            ])
        // The ad was shown once, as a host shows it, so that the SDK had a view to count the show and click on.
        #expect(sdkAd.isRegistered)
        #expect(sdkAd.registerCount == 1)
        let card = try #require(sdkAd.registeredView as? NativeAdCard)
        #expect(card.text(in: .title) == ad.properties.text(.title))
    }

    @Test func anAdTheHostShowsKeepsItsSurface() throws {
        let harness = MyTargetHarness(MyTargetSandboxScript(.sampleFill()))
        harness.request()
        let ad = try harness.loadedAd()
        let sdkAd = try harness.loadedSDKAd()
        let surface = NativeAdCard()
        try ad.render(into: surface, using: MyTargetNativeBannerCustomEvent.rendererConfiguration().makeRenderer())
        let events = RecordingAdapterDelegate()
        ad.adapter.delegate = events

        #expect(MyTargetSandbox.report(.impression, on: ad))
        #expect(MyTargetSandbox.report(.click, on: ad))

        #expect(events.events == [.willLogImpression, .didClick])
        #expect(sdkAd.registerCount == 1)
        #expect(sdkAd.registeredView === surface)
    }

    @Test func aDetachedAdIsShownAgainBeforeTheSDKCountsOnIt() throws {
        let harness = MyTargetHarness(MyTargetSandboxScript(.sampleFill()))
        harness.request()
        let ad = try harness.loadedAd()
        let sdkAd = try harness.loadedSDKAd()
        let surface = NativeAdCard()
        try ad.render(into: surface, using: MyTargetNativeBannerCustomEvent.rendererConfiguration().makeRenderer())
        ad.detachSurface()
        #expect(!sdkAd.isRegistered)
        #expect(sdkAd.simulateShow() == false, "the SDK counts no show without a registered view")
        let events = RecordingAdapterDelegate()
        ad.adapter.delegate = events

        #expect(MyTargetSandbox.report(.impression, on: ad))

        #expect(events.events == [.willLogImpression])
        #expect(sdkAd.registerCount == 2)
        #expect(sdkAd.registeredView !== surface)
    }

    @Test func eventsOnAnotherAdaptersAdAreNotReported() {
        let ad = NativeAd(
            adapter: ScriptedNativeAdAdapter(properties: NativeAdProperties()),
            source: NativeAdSource(customEventIdentifier: "Other", networkName: "Other"), clock: .continuous,
            trackerPinger: DiscardingTrackerPinger())
        for event in ConformanceNetworkEvent.allCases {
            #expect(!MyTargetSandbox.report(event, on: ad), "\(event)")
        }
    }

    // MARK: Scenarios

    @Test func sampleFillIsTheFullStoreBanner() throws {
        let script = MyTargetSandboxScript(.sampleFill())
        #expect(script.response == .fill([MyTargetSandboxBanner(MyTargetSandboxContent.storeBanner())]))
        let web = MyTargetSandboxScript(.sampleFill(), sample: MyTargetSandboxContent.webBanner())
        #expect(web.response == .fill([MyTargetSandboxBanner(MyTargetSandboxContent.webBanner())]))
    }

    @Test func fillWithStorePropertiesLoadsAnAdCarryingThem() throws {
        let icon = try #require(URL(string: "https://cdn.test/icon.png"))
        let properties = try NativeAdProperties([
            .title: .text("Harbour tours"), .text: .text("Free cancellation."), .callToAction: .text("Install"),
            .iconImage: .image(AdImage(url: icon, size: ImageSize(width: 128, height: 128))),
            .ageRestriction: .text("6+"), .disclaimer: .text("In-app purchases."), .advertisingLabel: .text("Реклама"),
            .starRating: .number(4.2), .votes: .number(321), .category: .text("Travel"), .subcategory: .text("Tours"),
            .adMarkingToken: .text("2SDnjeABC"), .mainImage: .image(AdImage(url: icon)),
        ])
        let harness = MyTargetHarness(MyTargetSandboxScript(ConformanceScenario(.fill(properties))))
        harness.request()
        let ad = try harness.loadedAd()

        for key in [
            NativeAdPropertyKey.title, .text, .callToAction, .ageRestriction, .disclaimer, .advertisingLabel,
            .category, .subcategory, .adMarkingToken,
        ] {
            #expect(ad.properties.text(key) == properties.text(key), "\(key)")
        }
        #expect(ad.properties.text(.navigationType) == "store")
        #expect(ad.properties.number(.starRating) == 4.2)
        #expect(ad.properties.number(.votes) == 321)
        #expect(ad.properties.image(.iconImage)?.url == icon)
        #expect(ad.properties.image(.iconImage)?.size == ImageSize(width: 128, height: 128))
        #expect(ad.properties.image(.iconImage)?.isLoaded == true, "the sandbox downloads the icon while loading")
        #expect(ad.properties.image(.mainImage) == nil, "a native banner has no main image")
        #expect(ad.properties.text(.domain) == nil && ad.properties.text(.sponsored) == nil)
    }

    @Test func fillWithWebPropertiesCarriesTheDomainAsSponsor() throws {
        let icon = try #require(URL(string: "https://cdn.test/icon.png"))
        let properties = try NativeAdProperties([
            .title: .text("Fresh groceries"), .callToAction: .text("Order"), .iconImage: .image(AdImage(url: icon)),
            .sponsored: .text("shop.example.com"),
        ])
        let banner = MyTargetSandboxContent.banner(carrying: properties)
        #expect(banner.navigationType == .web)
        #expect(banner.domain == "shop.example.com")

        let harness = MyTargetHarness(MyTargetSandboxScript(ConformanceScenario(.fill(properties))))
        harness.request()
        let ad = try harness.loadedAd()
        #expect(ad.properties.text(.sponsored) == "shop.example.com")
        #expect(ad.properties.text(.domain) == "shop.example.com")
        #expect(ad.properties.text(.navigationType) == "web")
    }

    @Test func givenNavigationTypeWinsAndDomainWinsOverSponsor() throws {
        let properties = try NativeAdProperties([
            .navigationType: .text("webform"), .starRating: .number(3), .domain: .text("form.example.com"),
            .sponsored: .text("someone-else.example.com"),
        ])
        let banner = MyTargetSandboxContent.banner(carrying: properties)
        #expect(banner.navigationType == .webForm)
        #expect(banner.domain == "form.example.com")
        #expect(banner.rating == 3)

        let storeOnly = MyTargetSandboxContent.banner(carrying: try NativeAdProperties([.votes: .number(12)]))
        #expect(storeOnly.navigationType == .store)
        #expect(storeOnly.votes == 12)
        #expect(MyTargetSandboxContent.banner(carrying: NativeAdProperties()).navigationType == .web)
    }

    @Test func privacyIconBecomesTheAdChoicesIconForDrawingManual() throws {
        let icon = try #require(URL(string: "https://cdn.test/icon.png"))
        let adChoices = try #require(URL(string: "https://cdn.test/adchoices.png"))
        let properties = try NativeAdProperties([
            .title: .text("t"), .callToAction: .text("Go"), .iconImage: .image(AdImage(url: icon)),
            .privacyIcon: .image(AdImage(url: adChoices)),
        ])
        let banner = MyTargetSandboxContent.banner(carrying: properties)
        #expect(banner.hasAdChoices)
        #expect(banner.adChoicesIcon?.url == adChoices)

        let harness = MyTargetHarness(MyTargetSandboxScript(ConformanceScenario(.fill(properties))))
        harness.request(["slotId": .string("4242"), "adChoicesPlacement": .string("drawingManual")])
        let ad = try harness.loadedAd()
        #expect(ad.properties.image(.privacyIcon)?.url == adChoices)
    }

    @Test func fillMissingARequiredAssetFailsAsWithTheRealSDK() throws {
        let properties = try NativeAdProperties([.title: .text("No icon, no button")])
        let harness = MyTargetHarness(MyTargetSandboxScript(ConformanceScenario(.fill(properties))))
        harness.request()
        #expect(harness.delegate.outcomes.count == 1)
        #expect(harness.delegate.error?.code == MediationError.missingRequiredAssets([]).code)
    }

    @Test func errorNoFillAndNeverScenariosBecomeTheSDKsAnswers() {
        let error = MyTargetHarness(
            MyTargetSandboxScript(ConformanceScenario(.error(code: 4_042, message: "disabled"))))
        error.request()
        let noFill = MyTargetHarness(MyTargetSandboxScript(ConformanceScenario(.noFill)))
        noFill.request()
        let never = MyTargetHarness(MyTargetSandboxScript(ConformanceScenario(.never, latency: .seconds(1))))
        never.request()
        for harness in [error, noFill, never] { harness.manualClock.advance(by: .seconds(60)) }

        let expected = NetworkErrorInfo(
            domain: MyTargetAdLoadingError.adLoadingErrorDomain, code: 4_042, message: "disabled")
        #expect(error.delegate.outcomes.map(\.error) == [.networkError(expected)])
        #expect(noFill.delegate.outcomes.map(\.error) == [.noFill])
        #expect(never.delegate.outcomes.isEmpty)
        #expect(never.sandbox.loadRequestCount == 1)
        #expect(never.manualClock.pendingCount == 0, "a slot that never answers schedules nothing")
    }

    @Test func neverScriptLeavesALoaderWithoutAnswer() throws {
        let manualClock = ManualClock()
        let sandbox = MyTargetSandbox(clock: MediationClock(manualClock))
        sandbox.setScript(.never, forSlot: 7)
        let loader = try sandbox.makeNativeBannerAdLoader(count: 3, slotId: 7, adChoicesMenuFactory: nil)
        let completions = Locked(0)
        loader.load { _, _ in completions.withLock { $0 += 1 } }
        manualClock.advance(by: .seconds(60))

        #expect(completions.current == 0)
        #expect(sandbox.loadRequestCount == 1)
        #expect(sandbox.loaderLoads.count == 1)
    }

    @Test func latencyAndThreadComeFromTheScenario() throws {
        let background = MyTargetSandboxScript(
            ConformanceScenario(.noFill, latency: .milliseconds(200), delivery: .backgroundThread))
        #expect(background.behavior == SandboxBehavior(latency: .milliseconds(200), callsBackOnBackgroundThread: true))
        #expect(background.response == .noFill)

        let harness = MyTargetHarness(MyTargetSandboxScript(.sampleFill(after: .milliseconds(200))))
        harness.request()
        #expect(harness.delegate.outcomes.isEmpty)
        harness.manualClock.advance(by: .milliseconds(199))
        #expect(harness.delegate.outcomes.isEmpty)
        harness.manualClock.advance(by: .milliseconds(1))
        #expect(try harness.loadedAd().properties.text(.title) == MyTargetSandboxContent.storeBanner().title)
    }
}
