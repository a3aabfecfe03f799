import Foundation
import MediationCore
import MediationSupport
import MediationTesting
import MyTargetAdapters
import NetworkSandbox
import Testing

@Suite("myTarget native banner custom event")
struct MyTargetNativeBannerCustomEventTests {
    @Test("a store banner fills every unified key it has")
    func storeBannerFillsEveryKey() throws {
        let banner = MyTargetSandboxContent.storeBanner()
        let harness = MyTargetHarness(.fill(banner))
        harness.request(["slotId": .string("4242"), "adChoicesPlacement": .string("drawingManual")])

        let ad = try harness.loadedAd()
        let properties = ad.properties
        let icon = try #require(banner.icon)
        let adChoicesIcon = try #require(banner.adChoicesIcon)
        #expect(properties.text(.title) == "Puzzle Quest 0")
        #expect(properties.text(.text) == "Match three gems and beat 500 levels.")
        #expect(properties.text(.callToAction) == "Install")
        let iconImage = try #require(properties.image(.iconImage))
        #expect(iconImage.url == icon.url)
        #expect(iconImage.size == icon.size)
        #expect(iconImage.isLoaded, "cache policy all preloads the icon")
        #expect(properties.text(.ageRestriction) == "12+")
        #expect(
            properties.text(.disclaimer) == "In-app purchases.", "disclaimerInfo.text wins over the deprecated field")
        #expect(properties.text(.advertisingLabel) == "Реклама")
        #expect(properties.text(.navigationType) == "store")
        #expect(properties.number(.starRating) == 4.5)
        #expect(properties.number(.votes) == 1_234)
        #expect(properties.text(.category) == "Games")
        #expect(properties.text(.subcategory) == "Puzzle")
        #expect(properties.text(.adMarkingToken) == "2SDnjeXYZ0")
        #expect(properties.image(.privacyIcon)?.url == adChoicesIcon.url)
        #expect(properties.image(.privacyIcon)?.isLoaded == true)
        #expect(
            properties.keys
                == [
                    .adMarkingToken, .advertisingLabel, .ageRestriction, .callToAction, .category, .disclaimer,
                    .iconImage, .navigationType, .privacyIcon, .starRating, .subcategory, .text, .title, .votes,
                ].sorted(), "a store ad has no domain and so no sponsor")
        #expect(ad.adapter.handlesImpressions)
        #expect(ad.adapter.handlesClicks)
        #expect(ad.defaultActionURL == nil)
        #expect(ad.source == MyTargetHarness.source)
    }

    @Test("a web banner fills its domain, which is also the sponsor")
    func webBannerFillsEveryKey() throws {
        let banner = MyTargetSandboxContent.webBanner(index: 3)
        let harness = MyTargetHarness(.fill(banner))
        harness.request()

        let properties = try harness.loadedAd().properties
        #expect(properties.text(.title) == "Fresh groceries 3")
        #expect(properties.text(.text) == "Delivery in 30 minutes across the city.")
        #expect(properties.text(.callToAction) == "Order")
        #expect(properties.image(.iconImage)?.url == banner.icon?.url)
        #expect(properties.text(.ageRestriction) == "0+")
        #expect(properties.text(.disclaimer) == "Not a public offer.")
        #expect(properties.text(.advertisingLabel) == "Реклама")
        #expect(properties.text(.navigationType) == "web")
        #expect(properties.text(.domain) == "shop3.example.com")
        #expect(properties.text(.sponsored) == "shop3.example.com")
        #expect(properties.text(.category) == "Food")
        #expect(properties.text(.subcategory) == "Delivery")
        #expect(properties.text(.adMarkingToken) == "4CQwqZ3")
        #expect(
            properties.keys
                == [
                    .adMarkingToken, .advertisingLabel, .ageRestriction, .callToAction, .category, .disclaimer, .domain,
                    .iconImage, .navigationType, .sponsored, .subcategory, .text, .title,
                ].sorted(), "no rating or votes on a web ad; the SDK draws AdChoices itself at the default placement")
    }

    @Test("the SDK's no-ad answer is a no fill")
    func noFill() {
        let harness = MyTargetHarness(.noFill())
        harness.request()
        #expect(harness.delegate.outcomes.count == 1)
        #expect(harness.delegate.error == .noFill)
    }

    @Test(
        "an SDK error keeps its domain, code and message",
        arguments: [
            MyTargetAdLoadingError(code: 1002, message: "Network connection failed"),
            MyTargetAdLoadingError(code: 1403, message: "Forbidden"),
            MyTargetAdLoadingError(domain: "NSURLErrorDomain", code: -1009, message: "offline"),
            MyTargetAdLoadingError(domain: "OtherDomain", code: 3003, message: "not the SDK's no-ad"),
        ])
    func networkError(error: MyTargetAdLoadingError) {
        let harness = MyTargetHarness(MyTargetSandboxScript(.error(error)))
        harness.request()
        #expect(harness.delegate.outcomes.count == 1)
        #expect(
            harness.delegate.error
                == .networkError(NetworkErrorInfo(domain: error.domain, code: error.code, message: error.message)))
    }

    @Test(
        "a missing slot ID fails at once, before any SDK object or load",
        arguments: [
            CustomEventInfo(), ["slotId": .null], ["slotId": .string("")], ["slotId": .string("   ")],
            ["slot_id": .string("4242")],
        ])
    func missingSlotId(info: CustomEventInfo) {
        let harness = MyTargetHarness(.fill(MyTargetSandboxContent.storeBanner()))
        harness.request(info)
        #expect(harness.delegate.outcomes.count == 1)
        #expect(harness.delegate.error == .missingRequiredInfo(key: "slotId"))
        #expect(harness.sandbox.createdAdCount == 0)
        #expect(harness.sandbox.loadRequestCount == 0)
        #expect(harness.sandbox.privacy == nil)
        #expect(harness.manualClock.pendingCount == 0)
    }

    @Test(
        "a malformed slot ID names the key",
        arguments: [
            JSONValue.string("abc"), .string("0"), .string("-7"), .string("12x"), .number(0), .number(-5), .number(1.5),
            .number(.infinity), .bool(true), .array([.number(4242)]), .object(["id": .number(4242)]),
        ])
    func malformedSlotId(value: JSONValue) throws {
        let harness = MyTargetHarness(.fill(MyTargetSandboxContent.storeBanner()))
        harness.request(["slotId": value])
        let error = try #require(harness.delegate.error)
        guard case .invalidConfiguration(let path, let reason) = error else {
            Issue.record("expected invalidConfiguration, got \(error)")
            return
        }
        #expect(path == "slotId")
        #expect(reason.contains("greater than 0"))
        #expect(harness.sandbox.createdAdCount == 0)
        #expect(harness.sandbox.loadRequestCount == 0)
    }

    @Test(
        "the slot ID may be a string or a number",
        arguments: [JSONValue.string("4242"), .number(4242), .string(" 4242 ")])
    func slotIdForms(value: JSONValue) throws {
        let harness = MyTargetHarness(.fill(MyTargetSandboxContent.storeBanner()))
        harness.request(["slotId": value])
        #expect(try harness.loadedSDKAd().slotId == 4242)
        #expect(harness.sandbox.loadRequestCount == 1)
    }

    @Test("media, cache and AdChoices options reach the SDK ad")
    func optionsReachTheSDK() throws {
        let harness = MyTargetHarness(.fill(MyTargetSandboxContent.storeBanner()))
        harness.request([
            "slotId": .number(4242), "cachePolicy": .string("Images"), "adChoicesPlacement": .string("bottom_left"),
            "bannerMediaRecovery": .string("retry"), "bannerMediaRetryCount": .number(3),
            "bannerMediaTimeout": .number(2.5),
            "adChoicesCloseAutomatically": .bool(false),
        ])
        let adapter = try harness.loadedAdapter()
        let sdkAd = try MyTargetHarness.sdkAd(of: adapter)
        #expect(sdkAd.cachePolicy == .images)
        #expect(sdkAd.adChoicesPlacement == .bottomLeft)
        #expect(sdkAd.bannerMediaRecovery == .retry(maxRetryCount: 3))
        #expect(sdkAd.bannerMediaTimeout == .milliseconds(2_500))
        #expect(adapter.closesAutomatically == false)
    }

    @Test("without options the SDK keeps its defaults")
    func defaults() throws {
        let harness = MyTargetHarness(.fill(MyTargetSandboxContent.storeBanner()))
        harness.request()
        let adapter = try harness.loadedAdapter()
        let sdkAd = try MyTargetHarness.sdkAd(of: adapter)
        #expect(sdkAd.cachePolicy == .all)
        #expect(sdkAd.adChoicesPlacement == .topRight)
        #expect(sdkAd.bannerMediaRecovery == .skip)
        #expect(sdkAd.bannerMediaTimeout == nil)
        #expect(adapter.closesAutomatically)
    }

    @Test("a retry count alone means retry")
    func retryCountAloneMeansRetry() throws {
        let options = try MyTargetNativeBannerOptions(info: [
            "slotId": .string("1"), "bannerMediaRetryCount": .string("2"),
        ])
        #expect(options.bannerMediaRecovery == .retry(maxRetryCount: 2))
        let retryAlone = try MyTargetNativeBannerOptions(info: [
            "slotId": .string("1"), "bannerMediaRecovery": .string("RETRY"),
        ])
        #expect(retryAlone.bannerMediaRecovery == .retry(maxRetryCount: 1))
    }

    @Test(
        "a malformed option fails at once, naming its key",
        arguments: [
            ("cachePolicy", JSONValue.string("video")),
            ("cachePolicy", .number(1)),
            ("adChoicesPlacement", .string("middle")),
            ("adChoicesPlacement", .number(3)),
            ("bannerMediaRecovery", .string("again")),
            ("bannerMediaRetryCount", .number(0)),
            ("bannerMediaRetryCount", .number(11)),
            ("bannerMediaRetryCount", .number(2.5)),
            ("bannerMediaRetryCount", .string("many")),
            ("bannerMediaTimeout", .number(0)),
            ("bannerMediaTimeout", .number(-1)),
            ("bannerMediaTimeout", .number(61)),
            ("bannerMediaTimeout", .string("soon")),
            ("adChoicesCloseAutomatically", .string("maybe")),
        ])
    func malformedOption(key: String, value: JSONValue) throws {
        let harness = MyTargetHarness(.fill(MyTargetSandboxContent.storeBanner()))
        harness.request(CustomEventInfo(["slotId": .string("4242"), key: value]))
        let error = try #require(harness.delegate.error)
        guard case .invalidConfiguration(let path, _) = error else {
            Issue.record("expected invalidConfiguration, got \(error)")
            return
        }
        #expect(path == key)
        #expect(harness.sandbox.createdAdCount == 0)
        #expect(harness.sandbox.loadRequestCount == 0)
    }

    @Test("a retry count with the skip policy is a contradiction")
    func retryCountWithSkip() {
        #expect(throws: MediationError.self) {
            try MyTargetNativeBannerOptions(
                info: [
                    "slotId": .string("1"), "bannerMediaRecovery": .string("skip"), "bannerMediaRetryCount": .number(2),
                ])
        }
    }

    @Test("age, gender and language go to the SDK as custom params")
    func targetingAsCustomParams() throws {
        let harness = MyTargetHarness(.fill(MyTargetSandboxContent.storeBanner()))
        harness.request(targeting: try Targeting(age: 31, gender: .female, language: "ru"))
        let params = try harness.loadedSDKAd().customParams
        #expect(params.age == 31)
        #expect(params.gender == .female)
        #expect(params.language == "ru")
    }

    @Test(
        "without consent only the language is sent",
        arguments: [
            try PrivacySettings(canCollectPersonalInfo: false),
            try PrivacySettings(isChildDirected: true),
            try PrivacySettings(trackingAuthorization: .denied),
            try PrivacySettings(trackingAuthorization: .restricted),
        ])
    func personalTargetingWithheld(privacy: PrivacySettings) throws {
        let harness = MyTargetHarness(.fill(MyTargetSandboxContent.storeBanner()))
        harness.request(privacy: privacy, targeting: try Targeting(age: 31, gender: .male, language: "en"))
        let params = try harness.loadedSDKAd().customParams
        #expect(params.age == nil)
        #expect(params.gender == .unspecified)
        #expect(params.language == "en")
        #expect(params.carriesNoPersonalData)
    }

    @Test("custom params withhold age and gender even from unredacted targeting")
    func customParamsRecheckPrivacy() throws {
        let targeting = try Targeting(age: 40, gender: .male, language: "de")
        let params = MyTargetCustomParams(targeting: targeting, privacy: try PrivacySettings(isChildDirected: true))
        #expect(params.age == nil)
        #expect(params.gender == .unspecified)
        #expect(params.language == "de")
        let allowed = MyTargetCustomParams(targeting: targeting, privacy: .unrestricted)
        #expect(allowed.age == 40)
        #expect(allowed.gender == .male)
    }

    @Test(
        "privacy signals reach the SDK",
        arguments: [
            (try PrivacySettings(gdprApplies: true), MyTargetPrivacy(userConsent: true)),
            (
                try PrivacySettings(gdprApplies: true, canCollectPersonalInfo: false),
                MyTargetPrivacy(userConsent: false)
            ),
            (try PrivacySettings(gdprApplies: false, canCollectPersonalInfo: false), MyTargetPrivacy(userConsent: nil)),
            (try PrivacySettings(usPrivacyString: "1YYN"), MyTargetPrivacy(userConsent: true, ccpaUserConsent: false)),
            (try PrivacySettings(usPrivacyString: "1YNN"), MyTargetPrivacy(userConsent: true, ccpaUserConsent: true)),
            (try PrivacySettings(usPrivacyString: "1---"), MyTargetPrivacy(userConsent: true, ccpaUserConsent: nil)),
            (
                try PrivacySettings(isChildDirected: true),
                MyTargetPrivacy(userConsent: true, userAgeRestricted: true)
            ),
            (
                try PrivacySettings(
                    gdprApplies: true, tcfConsentString: "CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA"),
                MyTargetPrivacy(userConsent: true, iabUserConsent: true)
            ),
            (
                try PrivacySettings(
                    gdprApplies: true, tcfConsentString: "CPXxRfAPXxRfAAfKABENB", canCollectPersonalInfo: false),
                MyTargetPrivacy(userConsent: false, iabUserConsent: false)
            ),
            (
                try PrivacySettings(gdprApplies: false, tcfConsentString: "CPXxRfAPXxRfAAfKABENB"),
                MyTargetPrivacy(userConsent: nil, iabUserConsent: nil)
            ),
        ])
    func privacySignals(privacy: PrivacySettings, expected: MyTargetPrivacy) throws {
        let harness = MyTargetHarness(.fill(MyTargetSandboxContent.storeBanner()))
        harness.request(privacy: privacy)
        #expect(harness.sandbox.privacy == expected)
        _ = try harness.loadedAd()
    }

    @Test("bid markup loads from the bid; without it a plain load")
    func bidMarkup() throws {
        let bidding = MyTargetHarness(.fill(MyTargetSandboxContent.storeBanner()))
        bidding.request(adMarkup: "bid-123")
        #expect(try bidding.loadedSDKAd().loadRequests == [.bid("bid-123")])
        #expect(bidding.sandbox.bidLoads == ["bid-123"])
        #expect(bidding.sandbox.ordinaryLoadCount == 0)

        let plain = MyTargetHarness(.fill(MyTargetSandboxContent.storeBanner()))
        plain.request(adMarkup: nil)
        #expect(try plain.loadedSDKAd().loadRequests == [.load])
        #expect(plain.sandbox.bidLoads.isEmpty)
        #expect(plain.sandbox.ordinaryLoadCount == 1)
    }

    @Test("the SDK's latency runs on the injected clock")
    func latencyOnTheClock() throws {
        let harness = MyTargetHarness(
            .fill(MyTargetSandboxContent.storeBanner(), behavior: SandboxBehavior(latency: .milliseconds(300))))
        harness.request()
        #expect(harness.delegate.outcomes.isEmpty)
        harness.manualClock.advance(by: .milliseconds(299))
        #expect(harness.delegate.outcomes.isEmpty)
        harness.manualClock.advance(by: .milliseconds(1))
        let ad = try harness.loadedAd()
        #expect(ad.loadedAt == MediationInstant(sinceOrigin: .milliseconds(300)))
    }

    @Test("stop before the answer reports nothing and releases the SDK ad")
    func stopReleasesTheSDKAd() throws {
        let harness = MyTargetHarness(
            .fill(MyTargetSandboxContent.storeBanner(), behavior: SandboxBehavior(latency: .seconds(1))))
        harness.request()
        #expect(harness.customEvent.isHoldingNativeBannerAd)
        weak let sdkAd = harness.sandbox.lastNativeBannerAd
        #expect(sdkAd?.delegate != nil)

        harness.customEvent.stop()
        #expect(!harness.customEvent.isHoldingNativeBannerAd)
        #expect(sdkAd?.delegate == nil)

        harness.manualClock.advance(by: .seconds(1))
        #expect(harness.delegate.outcomes.isEmpty)
        #expect(sdkAd == nil, "nothing holds the SDK ad once its pending answer has run")
        #expect(harness.sandbox.liveNativeBannerAds.isEmpty)
    }

    @Test("after the outcome the custom event lets go of the SDK ad; the adapter owns it")
    func outcomeHandsTheSDKAdToTheAdapter() throws {
        let harness = MyTargetHarness(.fill(MyTargetSandboxContent.storeBanner()))
        harness.request()
        #expect(!harness.customEvent.isHoldingNativeBannerAd)
        let adapter = try harness.loadedAdapter()
        let sdkAd = try MyTargetHarness.sdkAd(of: adapter)
        #expect(sdkAd.delegate === adapter)
        #expect(sdkAd.mediaDelegate === adapter)
        #expect(sdkAd.adChoicesOptionDelegate === adapter)
        harness.customEvent.stop()
        #expect(sdkAd.delegate === adapter, "stop after the outcome leaves the loaded ad alone")
    }

    @Test(
        "an SDK that answers twice is reported once",
        arguments: [
            MyTargetSandboxScript.fill(
                MyTargetSandboxContent.storeBanner(), behavior: SandboxBehavior(callbackCount: 2)),
            .noFill(behavior: SandboxBehavior(callbackCount: 3)),
            .error(code: 1002, message: "down", behavior: SandboxBehavior(callbackCount: 2)),
        ])
    func doubleCallback(script: MyTargetSandboxScript) {
        let harness = MyTargetHarness(script)
        harness.request()
        #expect(harness.delegate.outcomes.count == 1)
        if harness.delegate.loadedAd != nil {
            #expect(harness.logger.contains("dropped onLoad", level: .warning), "the adapter logs the repeat")
        }
    }

    @Test("callbacks after the outcome, after stop or from another SDK ad are dropped and logged")
    func lateCallbacksDropped() throws {
        let harness = MyTargetHarness(.fill(MyTargetSandboxContent.storeBanner()))
        harness.request()
        let sdkAd = try harness.loadedSDKAd()
        let banner = try #require(sdkAd.banner)
        harness.customEvent.onLoad(with: banner, nativeBannerAd: sdkAd)
        harness.customEvent.onLoadFailed(with: .noBanners, nativeBannerAd: sdkAd)
        #expect(harness.delegate.outcomes.count == 1)
        #expect(harness.logger.contains("dropped onLoad after", level: .warning))
        #expect(harness.logger.contains("dropped onLoadFailed after", level: .warning))

        let pending = MyTargetHarness(
            .fill(MyTargetSandboxContent.storeBanner(), behavior: SandboxBehavior(latency: .seconds(1))))
        pending.request()
        let foreign = pending.sandbox.makeNativeBannerAd(slotId: 1)
        pending.customEvent.onLoad(with: banner, nativeBannerAd: foreign)
        #expect(pending.delegate.outcomes.isEmpty, "a callback from another SDK ad is not the outcome")
        pending.customEvent.stop()
        let ownAd = try #require(pending.sandbox.liveNativeBannerAds.first)
        pending.customEvent.onLoad(with: banner, nativeBannerAd: ownAd)
        #expect(pending.delegate.outcomes.isEmpty, "nothing after stop")
    }

    @Test("an answer from a background thread, twice, is reported once", .timeLimit(.minutes(1)))
    func backgroundDoubleCallback() async throws {
        let harness = MyTargetHarness(
            .fill(
                MyTargetSandboxContent.webBanner(),
                behavior: SandboxBehavior(callbackCount: 2, callsBackOnBackgroundThread: true)))
        let logger = SignallingLogger()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            logger.onMessage.withLock { handler in
                handler = { message in
                    if message.contains("dropped onLoad") { continuation.resume() }
                }
            }
            harness.customEvent.requestAd(
                info: ["slotId": .string("4242")], adMarkup: nil, context: harness.context(logger: logger))
            harness.manualClock.advance(by: .zero)  // The sandbox hands the answer to a background queue.
        }
        #expect(harness.delegate.outcomes.count == 1)
        #expect(harness.delegate.loadedAd?.properties.text(.domain) == "shop0.example.com")
    }

    @Test("a banner without title, icon or call to action fails with the missing assets")
    func missingRequiredAssets() throws {
        var banner = MyTargetSandboxContent.storeBanner()
        banner.icon = nil
        banner.ctaText = ""
        let harness = MyTargetHarness(.fill(banner, behavior: SandboxBehavior(latency: .milliseconds(5))))
        harness.request()
        weak let sdkAd = harness.sandbox.lastNativeBannerAd
        harness.manualClock.advance(by: .milliseconds(5))
        #expect(harness.delegate.outcomes.count == 1)
        #expect(harness.delegate.error == .missingRequiredAssets([.callToAction, .iconImage]))
        #expect(sdkAd == nil, "the SDK ad is released")

        var untitled = MyTargetSandboxContent.webBanner()
        untitled.title = nil
        let second = MyTargetHarness(.fill(untitled))
        second.request()
        #expect(second.delegate.error == .missingRequiredAssets([.title]))
    }

    @Test("identifier, required keys and registration")
    func registration() throws {
        let sandbox = MyTargetSandbox()
        let customEvent = MyTargetNativeBannerCustomEvent(factory: sandbox)
        #expect(customEvent.identifier == "MyTargetNativeBannerCustomEvent")
        #expect(customEvent.requiredInfoKeys == ["slotId"])
        #expect(customEvent.supportsChildDirectedTraffic)

        var registry = MediationRegistry()
        try MyTargetNativeBannerCustomEvent.register(in: &registry, factory: sandbox)
        registry.addRendererConfiguration(MyTargetNativeBannerCustomEvent.rendererConfiguration())
        let resolved = try registry.resolve(MyTargetNativeBannerCustomEvent.identifier)
        #expect(resolved.customEvent is MyTargetNativeBannerCustomEvent)
        #expect(resolved.customEvent !== customEvent)
        #expect(resolved.rendererConfiguration.supports(MyTargetNativeBannerCustomEvent.identifier))
        #expect(throws: MediationError.self) {
            try MyTargetNativeBannerCustomEvent.register(in: &registry, factory: sandbox)
        }
    }

    @Test("one custom event makes one request; later calls and calls after stop are ignored")
    func oneRequestPerCustomEvent() throws {
        let harness = MyTargetHarness(.fill(MyTargetSandboxContent.storeBanner()))
        harness.request()
        harness.request()
        harness.request(CustomEventInfo())
        #expect(harness.delegate.outcomes.count == 1)
        #expect(harness.delegate.loadedAd != nil)
        #expect(harness.sandbox.createdAdCount == 1)
        #expect(harness.logger.contains("requestAd called again or after stop; ignored", level: .warning))

        let stopped = MyTargetHarness(.fill(MyTargetSandboxContent.storeBanner()))
        stopped.customEvent.stop()
        stopped.request()
        #expect(stopped.delegate.outcomes.isEmpty)
        #expect(stopped.sandbox.createdAdCount == 0)
    }
}
