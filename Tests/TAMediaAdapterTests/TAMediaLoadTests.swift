import Foundation
import MediationCore
import MediationTesting
import NetworkSandbox
import TAMediaAdapter
import Testing

@Suite struct TAMediaLoadTests {
    @Test func fullContentFillsEveryUnifiedKeyAsTheSeedMapsIt() throws {
        let content = SandboxTAMediaSamples.content(seed: 9)
        let harness = TAMediaHarness(script: .fill(content))
        harness.load()

        let ad = try #require(harness.delegate.loadedAd)
        #expect(harness.delegate.outcomes.count == 1)
        func loaded(_ image: TAMediaSDKNativeAdImage?) throws -> AdImage {
            let url = try #require(image?.url)
            return AdImage(url: url, size: image?.size, data: Data(url.absoluteString.utf8))
        }
        let media = try #require(content.mediaContent)
        let expected: [NativeAdPropertyKey: NativeAdValue] = [
            .title: .text(try #require(content.longSubject)),
            .text: .text(try #require(content.body)),
            .callToAction: .text(try #require(content.callToAction)),
            .iconImage: .image(try loaded(content.iconSquare)),
            .shortTitle: .text(try #require(content.shortSubject)),
            .rectangleImage: .image(try loaded(content.iconRect)),
            .mainMedia: .media(
                MediaContent(hasVideo: false, aspectRatio: media.aspectRatio, image: try loaded(media.image))),
        ]
        #expect(Set(ad.properties.keys) == Set(expected.keys))
        for (key, value) in expected {
            #expect(ad.properties[key] == value, "\(key)")
        }
        #expect(ad.source.customEventIdentifier == "TAMediaCustomNativeAdEvent")
        #expect(ad.defaultActionURL == nil)
        let adapter = try #require(ad.adapter as? TAMediaNativeAdAdapter)
        #expect(adapter.handlesClicks)
        #expect(adapter.handlesImpressions)
    }

    @Test func theAdsViewCarriesTheMediaContentAndTheAd() throws {
        let content = SandboxTAMediaSamples.content(seed: 2)
        let harness = TAMediaHarness(script: .fill(content))
        harness.load()

        let view = try #require(harness.network.views.first)
        let sdkAd = try #require(harness.network.lastAd)
        #expect(harness.network.views.count == 1)
        #expect(view.mediaContent == content.mediaContent)
        #expect(view.nativeAd === sdkAd)
        #expect(sdkAd.delegate === harness.adapter)
    }

    @Test func imagesArePrecachedBeforeTheLoadIsReported() throws {
        let clock = ManualClock()
        let content = SandboxTAMediaSamples.content(seed: 4)
        let harness = TAMediaHarness(
            script: .fill(content), clock: clock,
            precacher: ScriptedImagePrecacher(latency: .seconds(2), clock: MediationClock(clock)))
        harness.load()

        #expect(harness.delegate.outcomes.isEmpty)
        let requested = try #require(harness.precacher.requests.first)
        #expect(Set(requested) == Set(SandboxTAMediaSamples.imageURLs(in: content)))
        #expect(requested.count == 3)
        clock.advance(by: .seconds(2))
        let ad = try #require(harness.delegate.loadedAd)
        #expect(ad.properties.image(.iconImage)?.isLoaded == true)
        #expect(ad.properties.image(.rectangleImage)?.isLoaded == true)
        #expect(ad.properties.media(.mainMedia)?.image?.isLoaded == true)
    }

    @Test func failedIconPrecacheFailsTheLoad() throws {
        let content = SandboxTAMediaSamples.content(seed: 4)
        let icon = try #require(content.iconSquare?.url)
        let harness = TAMediaHarness(script: .fill(content), precacher: ScriptedImagePrecacher(failing: [icon]))
        harness.load()

        #expect(harness.delegate.outcomes.count == 1)
        #expect(harness.delegate.error == .imageDownloadFailed(url: icon.absoluteString))
    }

    @Test func failedMediaImagePrecacheFailsTheLoad() throws {
        let content = SandboxTAMediaSamples.videoContent(seed: 4)
        let poster = try #require(content.mediaContent?.image?.url)
        let harness = TAMediaHarness(script: .fill(content), precacher: ScriptedImagePrecacher(failing: [poster]))
        harness.load()

        #expect(harness.delegate.error == .imageDownloadFailed(url: poster.absoluteString))
    }

    @Test func videoMediaBecomesTheMainMedia() throws {
        let content = SandboxTAMediaSamples.videoContent(seed: 6)
        let harness = TAMediaHarness(script: .fill(content))
        harness.load()

        let media = try #require(harness.delegate.loadedAd?.properties.media(.mainMedia))
        #expect(media.hasVideo)
        #expect(media.durationSeconds == content.mediaContent?.duration)
        #expect(media.videoURL == content.mediaContent?.videoURL)
        #expect(media.aspectRatio == 16.0 / 9.0)
    }

    @Test func partialContentLoadsWithWhatIsThere() throws {
        let harness = TAMediaHarness(
            script: .fill(TAMediaSDKNativeAdContent(longSubject: "Only a title", body: "And a body")))
        harness.load()

        let ad = try #require(harness.delegate.loadedAd)
        #expect(ad.properties.keys == [.text, .title])
        #expect(harness.precacher.requests == [[]])
    }

    @Test func adWithoutALongSubjectFailsWithMissingAssets() {
        let harness = TAMediaHarness(script: .fill(TAMediaSDKNativeAdContent(body: "No title", callToAction: "Go")))
        harness.load()

        #expect(harness.delegate.error == .missingRequiredAssets([.title]))
    }

    @Test func noFillIsReportedAsNoFill() {
        let harness = TAMediaHarness(script: .noFill())
        harness.load()

        #expect(harness.delegate.outcomes.count == 1)
        #expect(harness.delegate.error == .noFill)
    }

    @Test func networkErrorKeepsItsDomainCodeAndMessage() {
        let harness = TAMediaHarness(
            script: .error(code: TAMediaSDKErrorCode.serverError.rawValue, message: "Server error"))
        harness.load()

        #expect(
            harness.delegate.error
                == .networkError(NetworkErrorInfo(domain: "TADRequestErrorDomain", code: 3, message: "Server error")))
    }

    @Test(arguments: [
        CustomEventInfo(), ["NativeListId": .null], ["NativeListId": .string("")], ["other": .string("1")],
    ])
    func missingNativeListIdFailsAtOnceWithoutLoading(info: CustomEventInfo) throws {
        let harness = TAMediaHarness(script: .fill(SandboxTAMediaSamples.content()))
        harness.load(info: info)

        #expect(harness.delegate.outcomes.count == 1)
        let error = try #require(harness.delegate.error)
        #expect(error == .missingRequiredInfo(key: "NativeListId"))
        #expect(error.description.contains("NativeListId"))
        #expect(harness.logger.entries.contains { $0.message.contains("Ad unit ID cannot be nil.") })
        #expect(harness.network.ads.isEmpty)
        #expect(harness.network.loadRequests.isEmpty)
    }

    @Test func numericNativeListIdIsAccepted() throws {
        let harness = TAMediaHarness(script: .fill(SandboxTAMediaSamples.content()))
        harness.load(info: ["NativeListId": .number(20_240)])

        #expect(harness.network.loadRequests.first?.adUnitId == "20240")
        #expect(harness.delegate.loadedAd != nil)
    }

    @Test func requestIsLiveWithUnknownGenderByDefault() throws {
        let harness = TAMediaHarness(script: .fill(SandboxTAMediaSamples.content()))
        harness.load()

        let load = try #require(harness.network.loadRequests.first)
        #expect(load.adUnitId == TAMediaHarness.adUnitId)
        #expect(load.request == TAMediaSDKRequest(testing: false, gender: .unknown))
        #expect(harness.network.lastAd?.loadCount == 1)
    }

    @Test func testingFlagAndGenderArePassedWherePrivacyAllows() throws {
        let targeting = try Targeting(age: 30, gender: .female)
        let allowed = TAMediaHarness(script: .fill(SandboxTAMediaSamples.content()), targeting: targeting)
        allowed.load(info: ["NativeListId": .string("list"), "testing": .bool(true)])
        let restricted = TAMediaHarness(
            script: .fill(SandboxTAMediaSamples.content()), targeting: targeting,
            privacy: try PrivacySettings(canCollectPersonalInfo: false))
        restricted.load()

        #expect(allowed.network.loadRequests.first?.request == TAMediaSDKRequest(testing: true, gender: .female))
        #expect(restricted.network.loadRequests.first?.request == TAMediaSDKRequest(testing: false, gender: .unknown))
    }

    @Test(
        "gender is withheld without consent, for children and when ATT forbids tracking",
        arguments: [
            try PrivacySettings(canCollectPersonalInfo: false), try PrivacySettings(isChildDirected: true),
            try PrivacySettings(trackingAuthorization: .denied),
            try PrivacySettings(trackingAuthorization: .restricted),
        ])
    func genderWithheld(privacy: PrivacySettings) throws {
        let harness = TAMediaHarness(
            script: .fill(SandboxTAMediaSamples.content()), targeting: try Targeting(age: 30, gender: .male),
            privacy: privacy)
        harness.load()
        #expect(harness.network.loadRequests.first?.request == TAMediaSDKRequest(testing: false, gender: .unknown))
    }

    @Test func malformedTestingFlagFailsWithItsKey() {
        let harness = TAMediaHarness(script: .fill(SandboxTAMediaSamples.content()))
        harness.load(info: ["NativeListId": .string("list"), "testing": .string("sometimes")])

        #expect(harness.delegate.error == .invalidConfiguration(path: "testing", reason: "expected a Boolean"))
        #expect(harness.network.loadRequests.isEmpty)
    }

    @Test func latencyRunsOnTheContextClock() {
        let clock = ManualClock()
        let harness = TAMediaHarness(
            script: .fill(SandboxTAMediaSamples.content(), behavior: SandboxBehavior(latency: .seconds(3))),
            clock: clock)
        harness.load()

        clock.advance(by: .milliseconds(2999))
        #expect(harness.delegate.outcomes.isEmpty)
        clock.advance(by: .milliseconds(1))
        #expect(harness.delegate.loadedAd != nil)
    }

    @Test func aSecondRequestOnOneCustomEventIsIgnoredWithoutLoading() {
        let harness = TAMediaHarness(script: .fill(SandboxTAMediaSamples.content()))
        harness.load()
        harness.load()

        #expect(harness.network.callbacksDelivered == 1, "one TAMedia ad loaded")
        #expect(harness.delegate.outcomes.count == 1, "the second request reports nothing")
        #expect(harness.delegate.loadedAd != nil)
        #expect(
            harness.logger.entries.contains {
                $0.level == .warning && $0.message.contains("requestAd called again or after stop; ignored")
            })
    }

    @Test func anSDKCallingBackTwiceGivesOneOutcome() {
        let harness = TAMediaHarness(
            script: .fill(SandboxTAMediaSamples.content(), behavior: SandboxBehavior(callbackCount: 2)))
        harness.load()

        #expect(harness.network.callbacksDelivered == 2)
        #expect(harness.delegate.outcomes.count == 1)
        #expect(harness.network.views.count == 1)
    }

    @Test func anSDKCallingBackTwiceOnABackgroundThreadGivesOneOutcome() async {
        let clock = ManualClock()
        let harness = TAMediaHarness(
            script: .fill(
                SandboxTAMediaSamples.content(),
                behavior: SandboxBehavior(callbackCount: 2, callsBackOnBackgroundThread: true)),
            clock: clock)
        harness.load()
        clock.advance(by: .zero)
        await harness.network.waitForCallbacks(2)

        #expect(harness.delegate.outcomes.count == 1)
        #expect(harness.delegate.loadedAd != nil)
    }

    @Test func stoppedCustomEventReportsNothing() {
        let clock = ManualClock()
        let harness = TAMediaHarness(
            script: .fill(SandboxTAMediaSamples.content(), behavior: SandboxBehavior(latency: .seconds(1))),
            clock: clock)
        harness.load()
        harness.customEvent.stop()
        clock.advance(by: .seconds(1))

        #expect(harness.delegate.outcomes.isEmpty)
        #expect(harness.network.lastAd?.delegate == nil)
    }
}

/// One TAMedia custom event over a sandbox network, with recording doubles.
struct TAMediaHarness {
    static let adUnitId = SandboxTAMediaSamples.adUnitId

    let network: SandboxTAMediaNetwork
    let customEvent: TAMediaCustomNativeAdEvent
    let delegate = RecordingCustomEventDelegate()
    let precacher: ScriptedImagePrecacher
    let logger = RecordingLogger()
    let pinger = RecordingTrackerPinger()
    let clock: ManualClock
    let targeting: Targeting
    let privacy: PrivacySettings

    init(
        script: SandboxTAMediaScript,
        clock: ManualClock = ManualClock(),
        precacher: ScriptedImagePrecacher = ScriptedImagePrecacher(),
        targeting: Targeting = .none,
        privacy: PrivacySettings = .unrestricted
    ) {
        network = SandboxTAMediaNetwork(script: script)
        customEvent = TAMediaCustomNativeAdEvent(factory: network)
        self.precacher = precacher
        self.clock = clock
        self.targeting = targeting
        self.privacy = privacy
    }

    var source: NativeAdSource {
        NativeAdSource(
            customEventIdentifier: TAMediaCustomNativeAdEvent.identifier, networkName: "TAMedia",
            impressionTrackers: [URL(string: "https://tracker.test/imp")].compactMap(\.self),
            clickTrackers: [URL(string: "https://tracker.test/click")].compactMap(\.self))
    }

    func load(info: CustomEventInfo = ["NativeListId": .string(TAMediaHarness.adUnitId)]) {
        let context = NativeAdRequestContext(
            delegate: delegate, privacy: privacy, targeting: targeting, clock: MediationClock(clock), logger: logger,
            imagePrecacher: precacher, trackerPinger: pinger, source: source)
        customEvent.requestAd(info: info, adMarkup: nil, context: context)
    }

    var ad: NativeAd? { delegate.loadedAd }

    var adapter: TAMediaNativeAdAdapter? { ad?.adapter as? TAMediaNativeAdAdapter }
}
