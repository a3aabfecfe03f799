import Foundation
import GoogleCustomNativeAdapter
import MediationCore
import MediationTesting
import NetworkSandbox
import Testing

@Suite struct GoogleCustomNativeLoadTests {
    @Test func fullContentFillsEveryUnifiedKey() throws {
        var content = SandboxGoogleAdContent.sample(seed: 3)
        content.texts["CTA"] = "Book now"
        content.texts["Advertiser"] = "Sandbox Travel"
        content.texts["Rating"] = "4.5"
        content.texts["Promo"] = "Summer sale"
        content.images["Logo"] = GoogleSDKNativeAdImage(
            imageURL: URL(string: "https://sandbox.mediationkit.test/logo.png"))
        content.images["Badge"] = GoogleSDKNativeAdImage(
            imageURL: URL(string: "https://sandbox.mediationkit.test/b.png"))
        let harness = GoogleHarness(script: .fill(content))
        var info = GoogleHarness.info()
        info.values["assetMapping"] = GoogleHarness.object([
            "Headline": "title", "Caption": "text", "MainImage": "mainimage", "CTA": "ctatext", "Logo": "iconimage",
            "Advertiser": "sponsored", "Rating": "starrating",
        ])
        harness.load(info: info)

        let ad = try #require(harness.delegate.loadedAd)
        #expect(harness.delegate.outcomes.count == 1)
        let properties = ad.properties
        func image(_ url: URL?) throws -> AdImage {
            let url = try #require(url)
            return AdImage(url: url, data: Data(url.absoluteString.utf8))
        }
        let mainImageURL = try #require(content.images["MainImage"]?.imageURL)
        let mainImage = AdImage(
            url: mainImageURL, size: ImageSize(width: 1200, height: 627), data: Data(mainImageURL.absoluteString.utf8))
        let adChoicesURL = try #require(content.adChoicesImage?.imageURL)
        let adChoices = AdImage(
            url: adChoicesURL, size: ImageSize(width: 20, height: 20), data: Data(adChoicesURL.absoluteString.utf8))
        let expected: [NativeAdPropertyKey: NativeAdValue] = [
            .title: .text(try #require(content.texts["Headline"])),
            .text: .text(try #require(content.texts["Caption"])),
            .callToAction: .text("Book now"),
            .sponsored: .text("Sandbox Travel"),
            .starRating: .number(4.5),
            .iconImage: .image(try image(content.images["Logo"]?.imageURL)),
            .mainImage: .image(mainImage),
            .mainMedia: .media(MediaContent(hasVideo: false, aspectRatio: 1200.0 / 627.0, image: mainImage)),
            .privacyIcon: .image(adChoices),
            "Promo": .text("Summer sale"),
            "Badge": .image(try image(content.images["Badge"]?.imageURL)),
        ]
        #expect(Set(properties.keys) == Set(expected.keys))
        for (key, value) in expected {
            #expect(properties[key] == value, "\(key)")
        }
        #expect(properties.extras.keys == ["Badge", "Promo"])
        #expect(ad.source.customEventIdentifier == GoogleCustomNativeCustomEvent.identifier)
        #expect(ad.defaultActionURL == nil)
        let adapter = try #require(ad.adapter as? GoogleCustomNativeAdAdapter)
        #expect(adapter.formatID == "12387226")
        #expect(adapter.assetKey(for: .title) == "Headline")
        #expect(adapter.assetKey(for: .privacyIcon) == SandboxGoogleNetwork.sandboxAdChoicesViewAssetKey)
    }

    @Test func imagesArePrecachedBeforeTheLoadIsReported() throws {
        let clock = ManualClock()
        let harness = GoogleHarness(
            script: .fill(.sample()), clock: clock,
            precacher: ScriptedImagePrecacher(latency: .seconds(1), clock: MediationClock(clock)))
        harness.load()

        #expect(harness.delegate.outcomes.isEmpty)
        let requested = try #require(harness.precacher.requests.first)
        #expect(Set(requested) == Set(SandboxGoogleAdContent.sample().imageURLs))
        clock.advance(by: .seconds(1))
        let ad = try #require(harness.delegate.loadedAd)
        #expect(ad.properties.image(.mainImage)?.isLoaded == true)
        #expect(ad.properties.image(.privacyIcon)?.isLoaded == true)
    }

    @Test func noFillIsReportedAsNoFill() {
        let harness = GoogleHarness(script: .noFill())
        harness.load()

        #expect(harness.delegate.outcomes.count == 1)
        #expect(harness.delegate.error == .noFill)
    }

    @Test func networkErrorKeepsTheSDKsDomainCodeAndMessage() {
        let harness = GoogleHarness(
            script: .error(code: GoogleSDKErrorCode.networkError.rawValue, message: "Network Error"))
        harness.load()

        #expect(harness.delegate.outcomes.count == 1)
        #expect(
            harness.delegate.error
                == .networkError(NetworkErrorInfo(domain: "com.google.admob", code: 2, message: "Network Error")))
    }

    @Test(arguments: [
        GoogleCustomNativeConfiguration.InfoKey.adUnitID, GoogleCustomNativeConfiguration.InfoKey.formatIDs,
    ])
    func missingRequiredInfoFailsAtOnceWithoutLoading(missingKey: String) {
        let harness = GoogleHarness(script: .fill(.sample()))
        var info = GoogleHarness.info()
        info.values[missingKey] = nil
        harness.load(info: info)

        #expect(harness.delegate.outcomes.count == 1)
        #expect(harness.delegate.error == .missingRequiredInfo(key: missingKey))
        #expect(harness.network.loaderCount == 0)
        #expect(harness.network.loadRequests.isEmpty)
    }

    @Test(arguments: [JSONValue.bool(true), .array([]), .array([.object([:])]), .object([:])])
    func malformedFormatIDsFailWithTheirPathWithoutLoading(formatIDs: JSONValue) {
        let harness = GoogleHarness(script: .fill(.sample()))
        var info = GoogleHarness.info()
        info.values["formatIDs"] = formatIDs
        harness.load(info: info)

        guard case .invalidConfiguration(let path, _)? = harness.delegate.error else {
            Issue.record("expected invalidConfiguration, got \(String(describing: harness.delegate.error))")
            return
        }
        #expect(path.hasPrefix("formatIDs"))
        #expect(harness.network.loadRequests.isEmpty)
    }

    @Test(arguments: [
        (JSONValue.string("12387226, 10063170"), ["12387226", "10063170"]),
        (.array([.number(12_387_226), .string("10063170"), .number(12_387_226)]), ["12387226", "10063170"]),
        (.number(10_063_170), ["10063170"]),
    ])
    func formatIDsAreAskedOfTheLoaderDelegate(formatIDs: JSONValue, expected: [String]) throws {
        let harness = GoogleHarness(script: .fill(.sample(formatID: "10063170")))
        var info = GoogleHarness.info()
        info.values["formatIDs"] = formatIDs
        harness.load(info: info)

        let request = try #require(harness.network.loadRequests.first)
        #expect(request.formatIDs == expected)
        #expect(request.adUnitID == GoogleHarness.adUnitID)
        #expect(request.adTypes == [.customNative])
        #expect(request.options.disableImageLoading)
        #expect(harness.delegate.loadedAd != nil)
    }

    @Test func adOfAFormatTheLineCannotShowFailsWithAClearError() {
        let harness = GoogleHarness(script: .fill(.sample(formatID: "99999")))
        harness.load(info: GoogleHarness.info(formatIDs: [.string("12387226"), .string("10063170")]))

        #expect(harness.delegate.outcomes.count == 1)
        guard case .invalidConfiguration(let path, let reason)? = harness.delegate.error else {
            Issue.record("expected invalidConfiguration, got \(String(describing: harness.delegate.error))")
            return
        }
        #expect(path == "formatIDs")
        #expect(reason.contains("99999"))
        #expect(reason.contains("12387226, 10063170"))
    }

    @Test func failedImageDownloadFailsTheLoad() throws {
        let content = SandboxGoogleAdContent.sample(seed: 5)
        let failing = try #require(content.images["MainImage"]?.imageURL)
        let harness = GoogleHarness(script: .fill(content), precacher: ScriptedImagePrecacher(failing: [failing]))
        harness.load()

        #expect(harness.delegate.outcomes.count == 1)
        #expect(harness.delegate.error == .imageDownloadFailed(url: failing.absoluteString))
    }

    @Test func failedMediaStillDownloadFailsAVideoLoad() throws {
        let content = SandboxGoogleAdContent.sampleVideo(seed: 5)
        let poster = try #require(content.mediaContent.mainImage?.imageURL)
        let harness = GoogleHarness(script: .fill(content), precacher: ScriptedImagePrecacher(failing: [poster]))
        harness.load(info: GoogleHarness.info(formatIDs: [.string(SandboxGoogleAdContent.sampleVideoFormatID)]))

        #expect(harness.delegate.error == .imageDownloadFailed(url: poster.absoluteString))
    }

    @Test func requiredKeysMissingFromTheAdFailTheLoad() {
        let harness = GoogleHarness(script: .fill(.sample()))
        var info = GoogleHarness.info()
        info.values["requiredKeys"] = .array([.string("title"), .string("ctatext"), .string("iconimage")])
        harness.load(info: info)

        #expect(harness.delegate.error == .missingRequiredAssets([.callToAction, .iconImage]))
    }

    @Test func latencyRunsOnTheContextClock() {
        let clock = ManualClock()
        let harness = GoogleHarness(
            script: .fill(.sample(), behavior: SandboxBehavior(latency: .milliseconds(1500))), clock: clock)
        harness.load()

        #expect(harness.delegate.outcomes.isEmpty)
        clock.advance(by: .milliseconds(1499))
        #expect(harness.delegate.outcomes.isEmpty)
        clock.advance(by: .milliseconds(1))
        #expect(harness.delegate.loadedAd != nil)
    }

    @Test func anSDKCallingBackTwiceGivesOneOutcome() {
        let harness = GoogleHarness(script: .fill(.sample(), behavior: SandboxBehavior(callbackCount: 2)))
        harness.load()

        #expect(harness.network.callbacksDelivered == 2)
        #expect(harness.delegate.outcomes.count == 1)
        #expect(harness.delegate.loadedAd != nil)
    }

    @Test func anSDKCallingBackTwiceOnABackgroundThreadGivesOneOutcome() async {
        let clock = ManualClock()
        let behavior = SandboxBehavior(callbackCount: 2, callsBackOnBackgroundThread: true)
        let harness = GoogleHarness(script: .noFill(behavior: behavior), clock: clock)
        harness.load()
        clock.advance(by: .zero)
        await harness.network.waitForCallbacks(2)

        #expect(harness.delegate.outcomes.count == 1)
        #expect(harness.delegate.error == .noFill)
    }

    @Test func stoppedCustomEventReportsNothing() {
        let clock = ManualClock()
        let harness = GoogleHarness(
            script: .fill(.sample(), behavior: SandboxBehavior(latency: .seconds(1))), clock: clock)
        harness.load()
        harness.customEvent.stop()
        clock.advance(by: .seconds(2))

        #expect(harness.network.callbacksDelivered == 1)
        #expect(harness.delegate.outcomes.isEmpty)
    }

    @Test func neverAnsweringSDKLeavesTheOutcomeToTheEngine() {
        let harness = GoogleHarness(script: .never)
        harness.load()

        #expect(harness.network.loadRequests.count == 1)
        #expect(harness.delegate.outcomes.isEmpty)
    }

    @Test func requestCarriesPrivacyAndTargeting() throws {
        let privacy = try PrivacySettings(usPrivacyString: "1YYN", isChildDirected: true)
        let harness = GoogleHarness(script: .fill(.sample()), privacy: privacy)
        var info = GoogleHarness.info()
        info.values["customTargeting"] = .object(["section": .string("travel"), "page": .number(3)])
        info.values["contentURL"] = .string("https://example.com/article")
        harness.load(info: info)

        let request = try #require(harness.network.loadRequests.first?.request)
        #expect(request.additionalParameters == ["npa": "1", "rdp": "1"])
        #expect(request.tagForChildDirectedTreatment == true)
        #expect(request.customTargeting == ["section": "travel", "page": "3"])
        #expect(request.contentURL == "https://example.com/article")
    }

    @Test func unrestrictedPrivacySendsNoRestrictionFlags() throws {
        let harness = GoogleHarness(script: .fill(.sample()))
        harness.load()

        let request = try #require(harness.network.loadRequests.first?.request)
        #expect(request.additionalParameters.isEmpty)
        #expect(request.tagForChildDirectedTreatment == false)
    }

    @Test func aSecondRequestOnOneCustomEventIsIgnoredWithoutLoading() {
        let harness = GoogleHarness(script: .fill(.sample()))
        harness.load()
        harness.load()

        #expect(harness.network.loadRequests.count == 1)
        #expect(harness.delegate.outcomes.count == 1, "the second request reports nothing")
        #expect(harness.delegate.loadedAd != nil)
        #expect(
            harness.logger.entries.contains {
                $0.level == .warning && $0.message.contains("requestAd called again or after stop; ignored")
            })
    }

    @Test func aRequestAfterStopIsIgnored() {
        let harness = GoogleHarness(script: .fill(.sample()))
        harness.customEvent.stop()
        harness.load()

        #expect(harness.network.loadRequests.isEmpty)
        #expect(harness.delegate.outcomes.isEmpty)
    }
}

/// One custom event over a sandbox Google network, with recording doubles.
struct GoogleHarness {
    static let adUnitID = SandboxGoogleAdContent.sampleAdUnitID

    let network: SandboxGoogleNetwork
    let customEvent: GoogleCustomNativeCustomEvent
    let delegate = RecordingCustomEventDelegate()
    let precacher: ScriptedImagePrecacher
    let logger = RecordingLogger()
    let pinger = RecordingTrackerPinger()
    let clock: ManualClock
    let privacy: PrivacySettings

    init(
        script: SandboxGoogleScript,
        clock: ManualClock = ManualClock(),
        precacher: ScriptedImagePrecacher = ScriptedImagePrecacher(),
        installedAppSchemes: Set<String> = [],
        dedupesImpressions: Bool = true,
        measurementFailsToStart: Bool = false,
        customClickHandler: GoogleSDKCustomClickHandler? = nil,
        privacy: PrivacySettings = .unrestricted
    ) {
        network = SandboxGoogleNetwork(
            script: script, installedAppSchemes: installedAppSchemes, dedupesImpressions: dedupesImpressions,
            measurementFailsToStart: measurementFailsToStart)
        customEvent = GoogleCustomNativeCustomEvent(factory: network, customClickHandler: customClickHandler)
        self.precacher = precacher
        self.clock = clock
        self.privacy = privacy
    }

    static func info(formatIDs: [JSONValue] = [.string(SandboxGoogleAdContent.sampleFormatID)]) -> CustomEventInfo {
        ["adUnitID": .string(adUnitID), "formatIDs": .array(formatIDs)]
    }

    static func object(_ members: [String: String]) -> JSONValue {
        .object(members.mapValues(JSONValue.string))
    }

    var source: NativeAdSource {
        NativeAdSource(
            customEventIdentifier: GoogleCustomNativeCustomEvent.identifier, networkName: "Google",
            impressionTrackers: [URL(string: "https://tracker.test/imp")].compactMap(\.self),
            clickTrackers: [URL(string: "https://tracker.test/click")].compactMap(\.self))
    }

    func load(info: CustomEventInfo = GoogleHarness.info()) {
        let context = NativeAdRequestContext(
            delegate: delegate, privacy: privacy, clock: MediationClock(clock), logger: logger,
            imagePrecacher: precacher, trackerPinger: pinger, source: source)
        customEvent.requestAd(info: info, adMarkup: nil, context: context)
    }

    var ad: NativeAd? { delegate.loadedAd }

    var adapter: GoogleCustomNativeAdAdapter? { ad?.adapter as? GoogleCustomNativeAdAdapter }
}
