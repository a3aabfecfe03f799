import Foundation
import GoogleCustomNativeAdapter
import MediationConformance
import MediationConformanceTesting
import MediationCore
import MediationTesting
import NetworkSandbox
import SandboxConformanceSubjects
import Testing

@Suite struct GoogleCustomNativeConformanceTests {
    @Test func googleCustomNativePassesTheConformanceKit() async {
        let report = await expectConformance(.googleCustomNative, options: .strict)
        let failed = report.results.filter { $0.status == .failed }.map { "\($0.check): \($0.reason)" }
        #expect(report.passed, "failed checks: \(failed)")
        #expect(report.results.map(\.check) == ConformanceCheck.allCases)
        #expect(report.count(.skipped) == 0)
    }

    // MARK: The driver

    @Test func networkEventsReachTheAdapterAsTheSDKReportsThem() throws {
        let harness = GoogleHarness(
            script: .fill(.sample()), installedAppSchemes: [SandboxGoogleAdContent.sampleDeepLinkScheme])
        harness.load()
        let ad = try #require(harness.ad)
        let sdkAd = try #require(harness.network.lastAd)
        let events = RecordingAdapterDelegate()
        ad.adapter.delegate = events

        #expect(SandboxGoogleNetwork.report(.impression, on: ad))
        #expect(SandboxGoogleNetwork.report(.click, on: ad))
        #expect(SandboxGoogleNetwork.report(.willPresentModal, on: ad))
        #expect(SandboxGoogleNetwork.report(.didDismissModal, on: ad))
        #expect(!SandboxGoogleNetwork.report(.willLeaveApplication, on: ad))

        #expect(events.events == [.willLogImpression, .didClick, .willPresentModal, .didDismissModal])
        #expect(sdkAd.recordedImpressionCount == 1)
        let deepLink = try #require(SandboxGoogleAdContent.sample().deepLinkURLs.first)
        #expect(sdkAd.clicks == [SandboxGoogleClick(assetKey: "MainImage", action: .openedDeepLink(deepLink))])
    }

    @Test func eventsOnAnotherAdaptersAdAreNotReported() {
        let ad = NativeAd(
            adapter: ScriptedNativeAdAdapter(properties: NativeAdProperties()),
            source: NativeAdSource(customEventIdentifier: "Other", networkName: "Other"), clock: .continuous,
            trackerPinger: DiscardingTrackerPinger())
        for event in ConformanceNetworkEvent.allCases {
            #expect(!SandboxGoogleNetwork.report(event, on: ad), "\(event)")
        }
    }

    @Test func fillWithPropertiesLoadsAnAdCarryingThem() throws {
        let icon = try #require(URL(string: "https://cdn.test/adchoices.png"))
        let main = try #require(URL(string: "https://cdn.test/main.jpg"))
        let properties = try NativeAdProperties([
            .title: .text("Harbour tour"), .text: .text("Free cancellation."), .callToAction: .text("Book"),
            .mainImage: .image(AdImage(url: main, size: ImageSize(width: 1200, height: 600))),
            .privacyIcon: .image(AdImage(url: icon)), .starRating: .number(4),
        ])
        let harness = GoogleHarness(script: SandboxGoogleScript(ConformanceScenario(.fill(properties))))
        harness.load()
        let ad = try #require(harness.ad)

        #expect(ad.properties.text(.title) == "Harbour tour")
        #expect(ad.properties.text(.text) == "Free cancellation.")
        #expect(ad.properties.text(.callToAction) == "Book")
        #expect(ad.properties.image(.mainImage)?.url == main)
        #expect(ad.properties.image(.privacyIcon)?.url == icon)
        #expect(ad.properties.media(.mainMedia)?.aspectRatio == 2)
        #expect(ad.properties.number(.starRating) == nil, "a custom format carries no numbers without a mapping")
        #expect(harness.precacher.requests.flatMap(\.self).contains(main))
    }

    @Test func videoMediaBecomesTheAdsVideo() throws {
        let poster = try #require(URL(string: "https://cdn.test/poster.jpg"))
        let media = MediaContent(
            hasVideo: true, aspectRatio: 16.0 / 9.0, durationSeconds: 20, image: AdImage(url: poster))
        let properties = try NativeAdProperties([.title: .text("Trailer"), .mainMedia: .media(media)])
        let content = SandboxGoogleAdContent(properties: properties)

        #expect(content.texts == ["Headline": "Trailer"])
        #expect(content.mediaContent.hasVideoContent)
        #expect(content.mediaContent.duration == 20)
        #expect(content.mediaContent.mainImage?.imageURL == poster)
    }

    @Test func errorNoFillAndNeverScenariosBecomeTheSDKsAnswers() {
        let clock = ManualClock()
        let error = GoogleHarness(
            script: SandboxGoogleScript(ConformanceScenario(.error(code: 4_042, message: "disabled"))), clock: clock)
        error.load()
        let noFill = GoogleHarness(script: SandboxGoogleScript(ConformanceScenario(.noFill)), clock: clock)
        noFill.load()
        let never = GoogleHarness(
            script: SandboxGoogleScript(ConformanceScenario(.never, latency: .seconds(1))), clock: clock)
        never.load()
        clock.advance(by: .seconds(60))

        let expected = NetworkErrorInfo(domain: GoogleSDKRequestError.googleDomain, code: 4_042, message: "disabled")
        #expect(error.delegate.outcomes.map(\.error) == [.networkError(expected)])
        #expect(noFill.delegate.outcomes.map(\.error) == [.noFill])
        #expect(never.delegate.outcomes.isEmpty)
        #expect(never.network.loadRequests.count == 1)
    }

    @Test func latencyAndThreadComeFromTheScenario() {
        let background = SandboxGoogleScript(
            ConformanceScenario(.noFill, latency: .milliseconds(200), delivery: .backgroundThread))
        #expect(background.behavior == SandboxBehavior(latency: .milliseconds(200), callsBackOnBackgroundThread: true))
        let clock = ManualClock()
        let harness = GoogleHarness(
            script: SandboxGoogleScript(.sampleFill(after: .milliseconds(200))), clock: clock)
        harness.load()
        #expect(harness.ad == nil)
        clock.advance(by: .milliseconds(200))
        #expect(harness.ad != nil)
    }
}
