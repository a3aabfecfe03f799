import Foundation
import GoogleCustomNativeAdapter
import MediationCore
import MediationSupport
import MediationTesting
import NetworkSandbox
import Testing

@MainActor @Suite struct GoogleCustomNativeInteractionTests {
    // MARK: Impressions

    @Test func recordImpressionIsCalledOnceHoweverOftenTheAdapterIsAsked() async throws {
        let harness = GoogleHarness(script: .fill(.sample()), dedupesImpressions: false)
        harness.load()
        let ad = try #require(harness.ad)
        let adapter = try #require(harness.adapter)
        let sdkAd = try #require(harness.network.lastAd)
        let host = RecordingNativeAdDelegate()
        ad.delegate = host

        ad.recordImpression()
        ad.recordImpression()
        adapter.trackImpression()
        adapter.trackImpression()

        #expect(sdkAd.impressionCallCount == 1)
        #expect(sdkAd.recordedImpressionCount == 1)
        #expect(await host.settledCount(.impression) == 1)
        #expect(harness.pinger.count(of: try #require(URL(string: "https://tracker.test/imp"))) == 1)
    }

    @Test func impressionTheSDKRecordsByItselfIsForwardedOnce() throws {
        let harness = GoogleHarness(script: .fill(.sample()))
        harness.load()
        let adapter = try #require(harness.adapter)
        let sdkAd = try #require(harness.network.lastAd)
        let events = RecordingAdapterDelegate()
        adapter.delegate = events

        sdkAd.simulateSDKImpression()
        adapter.trackImpression()
        sdkAd.simulateSDKImpression()

        #expect(events.count(.willLogImpression) == 1)
        #expect(sdkAd.impressionCallCount == 1)
    }

    // MARK: Clicks

    /// The SDK's click priority: custom click handler, else first openable deep link, else the click URL.
    @Test(arguments: ClickCase.all)
    func clickFollowsTheSDKsPriority(_ click: ClickCase) throws {
        let handled = Locked<[String]>([])
        var handler: GoogleSDKCustomClickHandler?
        if click.handler {
            handler = { assetID in handled.withLock { $0.append(assetID) } }
        }
        let harness = GoogleHarness(
            script: .fill(click.content), installedAppSchemes: click.schemes, customClickHandler: handler)
        harness.load()
        let ad = try #require(harness.ad)
        let sdkAd = try #require(harness.network.lastAd)

        ad.recordClick()

        #expect(sdkAd.clicks == [SandboxGoogleClick(assetKey: "MainImage", action: click.expected)])
        #expect(handled.current == (click.handler ? ["MainImage"] : []))
    }

    @Test func customClickHandlerSetOnTheAdapterTakesOverFromDeepLinks() throws {
        let harness = GoogleHarness(script: .fill(.sample()), installedAppSchemes: ["sandboxshop"])
        harness.load()
        let ad = try #require(harness.ad)
        let adapter = try #require(harness.adapter)
        let handled = Locked<[String]>([])
        adapter.customClickHandler = { assetID in handled.withLock { $0.append(assetID) } }

        ad.recordClick(onAsset: "Headline")

        #expect(handled.current == ["Headline"])
        #expect(harness.network.lastAd?.clicks.map(\.action) == [.customClickHandler(assetID: "Headline")])
    }

    @Test func hostClicksAreReportedOnTheTappedAssetElseTheDefaultOne() async throws {
        let harness = GoogleHarness(script: .fill(.sample()))
        harness.load()
        let ad = try #require(harness.ad)
        let host = RecordingNativeAdDelegate()
        ad.delegate = host

        ad.recordClick(onAsset: "Caption")
        ad.recordClick()

        #expect(harness.network.lastAd?.clicks.map(\.assetKey) == ["Caption", "MainImage"])
        #expect(await host.settledCount(.click) == 2)
        #expect(harness.pinger.count(of: try #require(URL(string: "https://tracker.test/click"))) == 1)
    }

    @Test func clickAssetKeyFromInfoIsTheDefaultClickAsset() throws {
        let harness = GoogleHarness(script: .fill(.sample()))
        var info = GoogleHarness.info()
        info.values["clickAssetKey"] = .string("Headline")
        harness.load(info: info)

        try #require(harness.ad).recordClick()

        #expect(harness.network.lastAd?.clicks.map(\.assetKey) == ["Headline"])
        #expect(harness.adapter?.defaultClickAssetKey == "Headline")
    }

    @Test func withoutAMainImageTheTitlesAssetIsClicked() throws {
        var content = SandboxGoogleAdContent.sample()
        content.images = [:]
        let harness = GoogleHarness(script: .fill(content))
        harness.load()

        try #require(harness.ad).recordClick()

        #expect(harness.network.lastAd?.clicks.map(\.assetKey) == ["Headline"])
    }

    @Test func adChoicesClickIsPerformedOnTheAdChoicesAssetAndCountsNoAdClick() async throws {
        let harness = GoogleHarness(script: .fill(.sample()))
        harness.load()
        let ad = try #require(harness.ad)
        let adapter = try #require(harness.adapter)
        let host = RecordingNativeAdDelegate()
        ad.delegate = host

        adapter.performAdChoicesClick()
        ad.recordClick(onAsset: SandboxGoogleNetwork.sandboxAdChoicesViewAssetKey)

        let adChoices = SandboxGoogleClick(
            assetKey: SandboxGoogleNetwork.sandboxAdChoicesViewAssetKey, action: .openedAdChoicesInfo)
        #expect(harness.network.lastAd?.clicks == [adChoices, adChoices])
        #expect(await host.settledCount(.click) == 0)
        #expect(harness.pinger.pinged.isEmpty)
    }

    @Test func anExpiredAdsAssetTapsReachNeitherTheSDKNorTheTrackers() async throws {
        let clock = ManualClock()
        let harness = GoogleHarness(script: .fill(.sample()), clock: clock)
        harness.load()
        let ad = try #require(harness.ad)
        let host = RecordingNativeAdDelegate()
        ad.delegate = host
        clock.advance(by: NativeAd.defaultLifetime)

        ad.recordClick(onAsset: "Headline")
        ad.recordClick(onAsset: SandboxGoogleNetwork.sandboxAdChoicesViewAssetKey)
        ad.recordImpression()

        #expect(harness.network.lastAd?.clicks.isEmpty == true)
        #expect(harness.network.lastAd?.impressionCallCount == 0)
        #expect(harness.pinger.pinged.isEmpty)
        #expect(
            await host.settledEvents() == [.expired, .failed(.adExpired), .failed(.adExpired), .failed(.adExpired)])
    }

    // MARK: Events

    @Test func everySDKEventIsForwardedOnce() throws {
        let harness = GoogleHarness(script: .fill(.sample()))
        harness.load()
        let adapter = try #require(harness.adapter)
        let sdkAd = try #require(harness.network.lastAd)
        let events = RecordingAdapterDelegate()
        adapter.delegate = events

        adapter.trackImpression()
        adapter.trackClick()
        sdkAd.simulateDismissScreen()

        #expect(events.events == [.willLogImpression, .didClick, .willPresentModal, .didDismissModal])
    }

    @Test func hostSeesEachEventOnce() async throws {
        let harness = GoogleHarness(script: .fill(.sample()))
        harness.load()
        let ad = try #require(harness.ad)
        let sdkAd = try #require(harness.network.lastAd)
        let host = RecordingNativeAdDelegate()
        ad.delegate = host

        ad.recordImpression()
        ad.recordClick()
        sdkAd.simulateDismissScreen()

        #expect((await host.settledEvents()) == [.impression, .click, .willPresentModal, .didDismissModal])
    }

    // MARK: Attaching

    @Test func renderingStartsDisplayMeasurementOnceOnTheSurface() throws {
        let harness = GoogleHarness(script: .fill(.sample()))
        harness.load()
        let ad = try #require(harness.ad)
        let measurement = try #require(harness.network.lastAd?.sandboxMeasurement)
        let first = NativeAdCard()
        let second = NativeAdCard()

        try ad.render(into: first, using: StaticNativeAdRenderer())
        #expect(measurement.view === first)
        try ad.render(into: second, using: StaticNativeAdRenderer())
        #expect(measurement.view === second)
        #expect(measurement.startCount == 1)
        #expect(first.text(in: .title) == ad.properties.text(.title))
        ad.detachSurface()
        #expect(measurement.view == nil)
    }

    @Test func measurementThatFailsToStartIsLoggedNotFatal() throws {
        let harness = GoogleHarness(script: .fill(.sample()), measurementFailsToStart: true)
        harness.load()
        let ad = try #require(harness.ad)

        try ad.render(into: NativeAdCard(), using: StaticNativeAdRenderer())

        #expect(harness.logger.entries.contains { $0.level == .warning && $0.message.contains("measurement") })
    }
}

/// One row of the click-priority table.
struct ClickCase: Sendable, CustomTestStringConvertible {
    static let deepLink = url("sandboxshop://offer/1")
    static let second = url("sandboxshop://offer/2")
    static let clickURL = url("https://sandbox.mediationkit.test/click")

    /// Handler first, then the first deep link an installed app opens, then the click URL, then nothing.
    static let all: [ClickCase] = [
        ClickCase(handler: true, schemes: ["sandboxshop"], expected: .customClickHandler(assetID: "MainImage")),
        ClickCase(handler: false, schemes: ["sandboxshop"], expected: .openedDeepLink(deepLink)),
        ClickCase(handler: false, schemes: ["otherapp", "sandboxshop"], expected: .openedDeepLink(second)),
        ClickCase(handler: false, schemes: [], expected: .openedClickURL(clickURL)),
        ClickCase(handler: false, schemes: [], clickURL: false, expected: .none),
    ]

    static func url(_ text: String) -> URL {
        URL(string: text) ?? URL(fileURLWithPath: "/invalid")
    }

    var handler: Bool
    var schemes: Set<String>
    var clickURL = true
    var expected: SandboxGoogleClickAction

    var content: SandboxGoogleAdContent {
        var content = SandboxGoogleAdContent.sample()
        content.deepLinkURLs =
            schemes.contains("otherapp")
            ? [Self.url("missingapp://x"), Self.second] : [Self.deepLink]
        content.clickURL = clickURL ? Self.clickURL : nil
        return content
    }

    var testDescription: String { "handler: \(handler), schemes: \(schemes.sorted()), expected: \(expected)" }
}
