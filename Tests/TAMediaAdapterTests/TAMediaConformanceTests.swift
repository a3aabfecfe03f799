import Foundation
import MediationConformance
import MediationConformanceTesting
import MediationCore
import MediationTesting
import NetworkSandbox
import SandboxConformanceSubjects
import TAMediaAdapter
import Testing

@Suite struct TAMediaConformanceTests {
    @Test func tamediaPassesTheConformanceKit() async {
        let report = await expectConformance(.tamedia, options: .strict)
        let failed = report.results.filter { $0.status == .failed }.map { "\($0.check): \($0.reason)" }
        #expect(report.passed, "failed checks: \(failed)")
        #expect(report.results.map(\.check) == ConformanceCheck.allCases)
        #expect(report.count(.skipped) == 0)
    }

    @Test func kitsClickCheckSeesOneDidClickAndNothingElse() async {
        let report = await ConformanceKit.run(.tamedia, checks: [.clickForwardedOnce])
        let click = report.results.first
        #expect(click?.status == .passed, "\(click?.reason ?? "no result")")
    }

    // MARK: The driver

    @Test func networkEventsReachTheAdapterAsTAMediaReportsThem() throws {
        let harness = TAMediaHarness(script: .fill(SandboxTAMediaSamples.content()))
        harness.load()
        let ad = try #require(harness.ad)
        let events = RecordingAdapterDelegate()
        ad.adapter.delegate = events

        #expect(SandboxTAMediaNetwork.report(.impression, on: ad))
        #expect(SandboxTAMediaNetwork.report(.click, on: ad))
        #expect(!SandboxTAMediaNetwork.report(.willPresentModal, on: ad))
        #expect(!SandboxTAMediaNetwork.report(.didDismissModal, on: ad))
        #expect(SandboxTAMediaNetwork.report(.willLeaveApplication, on: ad))

        // As in TAMedia's MoPub guide: a TAMedia click is forwarded as did-click then will-present-modal.
        #expect(events.events == [.willLogImpression, .didClick, .willPresentModal, .willLeaveApplication])
    }

    @Test func eventsOnAnotherAdaptersAdAreNotReported() {
        let ad = NativeAd(
            adapter: ScriptedNativeAdAdapter(properties: NativeAdProperties()),
            source: NativeAdSource(customEventIdentifier: "Other", networkName: "Other"), clock: .continuous,
            trackerPinger: DiscardingTrackerPinger())
        for event in ConformanceNetworkEvent.allCases {
            #expect(!SandboxTAMediaNetwork.report(event, on: ad), "\(event)")
        }
    }

    @Test func fillWithPropertiesLoadsAnAdCarryingThem() throws {
        let icon = try #require(URL(string: "https://cdn.test/square.png"))
        let rect = try #require(URL(string: "https://cdn.test/rect.jpg"))
        let video = try #require(URL(string: "https://cdn.test/video.mp4"))
        let poster = try #require(URL(string: "https://cdn.test/poster.jpg"))
        let media = MediaContent(
            hasVideo: true, aspectRatio: 16.0 / 9.0, durationSeconds: 15, videoURL: video, image: AdImage(url: poster))
        let properties = try NativeAdProperties([
            .title: .text("九份老街・限時優惠"), .shortTitle: .text("九份老街"), .text: .text("每日限量，售完為止。"),
            .callToAction: .text("立即預訂"), .iconImage: .image(AdImage(url: icon)),
            .rectangleImage: .image(AdImage(url: rect)), .mainMedia: .media(media), .sponsored: .text("TAMedia"),
        ])
        let harness = TAMediaHarness(script: SandboxTAMediaScript(ConformanceScenario(.fill(properties))))
        harness.load()
        let ad = try #require(harness.ad)

        for key in [NativeAdPropertyKey.title, .shortTitle, .text, .callToAction] {
            #expect(ad.properties.text(key) == properties.text(key), "\(key)")
        }
        #expect(ad.properties.image(.iconImage)?.url == icon)
        #expect(ad.properties.image(.rectangleImage)?.url == rect)
        let loadedMedia = try #require(ad.properties.media(.mainMedia))
        #expect(loadedMedia.hasVideo && loadedMedia.videoURL == video && loadedMedia.durationSeconds == 15)
        #expect(loadedMedia.image?.url == poster)
        #expect(ad.properties.text(.sponsored) == nil, "TAMedia's content has no sponsor field")
    }

    @Test func mainImageBecomesAStillMediaWithoutMainMedia() throws {
        let main = try #require(URL(string: "https://cdn.test/main.jpg"))
        let properties = try NativeAdProperties([.title: .text("t"), .mainImage: .image(AdImage(url: main))])
        let content = SandboxTAMediaSamples.content(carrying: properties)
        #expect(
            content.mediaContent
                == TAMediaSDKMediaContent(hasVideoContent: false, image: TAMediaSDKNativeAdImage(url: main)))
    }

    @Test func errorNoFillAndNeverScenariosBecomeTAMediasAnswers() {
        let clock = ManualClock()
        let error = TAMediaHarness(
            script: SandboxTAMediaScript(ConformanceScenario(.error(code: 4_042, message: "disabled"))), clock: clock)
        error.load()
        let noFill = TAMediaHarness(script: SandboxTAMediaScript(ConformanceScenario(.noFill)), clock: clock)
        noFill.load()
        let never = TAMediaHarness(
            script: SandboxTAMediaScript(ConformanceScenario(.never, latency: .seconds(1))), clock: clock)
        never.load()
        clock.advance(by: .seconds(60))

        let expected = NetworkErrorInfo(domain: TAMediaSDKRequestError.tamediaDomain, code: 4_042, message: "disabled")
        #expect(error.delegate.outcomes.map(\.error) == [.networkError(expected)])
        #expect(noFill.delegate.outcomes.map(\.error) == [.noFill])
        #expect(never.delegate.outcomes.isEmpty)
        #expect(never.network.loadRequests.count == 1)
    }

    @Test func latencyAndThreadComeFromTheScenario() {
        let background = SandboxTAMediaScript(
            ConformanceScenario(.noFill, latency: .milliseconds(200), delivery: .backgroundThread))
        #expect(background.behavior == SandboxBehavior(latency: .milliseconds(200), callsBackOnBackgroundThread: true))
        let clock = ManualClock()
        let harness = TAMediaHarness(script: SandboxTAMediaScript(.sampleFill(after: .milliseconds(200))), clock: clock)
        harness.load()
        #expect(harness.ad == nil)
        clock.advance(by: .milliseconds(200))
        #expect(harness.ad != nil)
    }
}
