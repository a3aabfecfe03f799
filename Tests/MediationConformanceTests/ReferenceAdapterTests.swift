import Foundation
import MediationConformance
import MediationCore
import MediationTesting
import Testing

@MainActor @Suite struct ReferenceAdapterTests {
    private let info: CustomEventInfo = [ReferenceNativeCustomEvent.placementIDKey: .string("p1")]

    private func load(
        _ scenario: ConformanceScenario, precacher: ScriptedImagePrecacher = ScriptedImagePrecacher(),
        logger: RecordingLogger = RecordingLogger()
    ) -> (RecordingCustomEventDelegate, ReferenceSandboxNetwork, ReferenceNativeCustomEvent) {
        let network = ReferenceSandboxNetwork(clock: MediationClock(ManualClock()))
        network.arrange(scenario)
        let customEvent = ReferenceNativeCustomEvent(loader: network)
        let delegate = RecordingCustomEventDelegate()
        let context = NativeAdRequestContext(
            delegate: delegate, logger: logger, imagePrecacher: precacher,
            trackerPinger: DiscardingTrackerPinger(),
            source: NativeAdSource(customEventIdentifier: ReferenceNativeCustomEvent.identifier))
        customEvent.requestAd(info: info, adMarkup: nil, context: context)
        return (delegate, network, customEvent)
    }

    private func content(rating: Double = 3.5, icon: String = "https://cdn.example/i.png") throws -> NativeAdProperties
    {
        var content = NativeAdProperties()
        try content.setText("Given title", for: .title)
        try content.setText("Given body", for: .text)
        try content.setText("Open", for: .callToAction)
        try content.setText("Given Co", for: .sponsored)
        try content.setImage(AdImage(url: try #require(URL(string: icon))), for: .iconImage)
        try content.set(.number(rating), for: .starRating)
        return content
    }

    @Test func givenContentIsMappedAndImagesArePrecached() throws {
        let precacher = ScriptedImagePrecacher()
        let (delegate, network, _) = load(ConformanceScenario(.fill(try content())), precacher: precacher)
        let ad = try #require(delegate.loadedAd)
        #expect(ad.properties.text(.title) == "Given title")
        #expect(ad.properties.text(.sponsored) == "Given Co")
        #expect(ad.properties.number(.starRating) == 3.5)
        #expect(ad.properties.image(.iconImage)?.isLoaded == true)
        #expect(precacher.requests == [[try #require(URL(string: "https://cdn.example/i.png"))]])
        #expect(network.loadCount == 1)
    }

    @Test func starRatingOutsideTheRangeIsDroppedWithAWarning() throws {
        let networkAd = ReferenceSandboxNativeAd(
            title: "T", body: "B", callToAction: "C", advertiser: nil,
            iconURL: URL(string: "https://cdn.example/i.png"), mainImageURL: nil, starRating: 7, clickURL: nil)
        let logger = RecordingLogger()
        let properties = try ReferenceNativeCustomEvent.properties(of: networkAd, logger: logger)
        #expect(properties.number(.starRating) == nil)
        #expect(logger.entries.map(\.message) == ["ReferenceNativeCustomEvent: dropped star rating 7.0 outside 0...5"])
    }

    @Test func nonWebIconURLIsRefusedAsAMissingAsset() throws {
        let (delegate, _, _) = load(ConformanceScenario(.fill(try content(icon: "javascript:alert(1)"))))
        #expect(delegate.outcomes.count == 1)
        #expect(delegate.error == .missingRequiredAssets([.iconImage]))
    }

    @Test func failedImageDownloadFailsTheLoad() throws {
        let url = try #require(URL(string: "https://cdn.example/i.png"))
        let (delegate, _, _) = load(
            ConformanceScenario(.fill(try content())), precacher: ScriptedImagePrecacher(failing: [url]))
        #expect(delegate.error == .imageDownloadFailed(url: url.absoluteString))
    }

    @Test func secondRequestIsIgnored() throws {
        let (delegate, network, customEvent) = load(.sampleFill())
        let context = NativeAdRequestContext(
            delegate: delegate, trackerPinger: DiscardingTrackerPinger(),
            source: NativeAdSource(customEventIdentifier: ReferenceNativeCustomEvent.identifier))
        customEvent.requestAd(info: info, adMarkup: nil, context: context)
        #expect(delegate.outcomes.count == 1)
        #expect(network.loadCount == 1)
    }

    @Test func renderingRegistersTheNetworkAdAndDetachingUnregistersIt() throws {
        let (delegate, _, _) = load(.sampleFill())
        let ad = try #require(delegate.loadedAd)
        let adapter = try #require(ad.adapter as? ReferenceNativeAdAdapter)
        let networkAd = try #require(adapter.networkAd as? ReferenceSandboxNativeAd)
        let card = NativeAdCard()
        try ad.render(into: card, using: ReferenceRendererConfiguration.make().makeRenderer())
        #expect(networkAd.isRegistered)
        #expect(card.text(in: .title) == "Reference ad #1")
        #expect(card.text(in: .sponsoredBy) == "Sponsored by Reference Advertiser")
        ad.detachSurface()
        #expect(!networkAd.isRegistered)
        #expect(ad.defaultActionURL == URL(string: "https://reference.example/click/1"))
    }

    @Test func networkEventsReachTheHostOnceThroughTheNativeAd() async throws {
        let (delegate, _, _) = load(.sampleFill())
        let ad = try #require(delegate.loadedAd)
        let host = RecordingNativeAdDelegate()
        ad.delegate = host
        for event in ConformanceNetworkEvent.allCases {
            #expect(ReferenceSandboxNetwork.report(event, on: ad))
        }
        #expect(
            (await host.settledEvents()) == [
                .impression, .click, .willPresentModal, .didDismissModal, .willLeaveApplication,
            ])
    }

    @Test func neverAnsweringNetworkLeavesTheLoadOpenUntilStopped() {
        let (delegate, network, customEvent) = load(ConformanceScenario(.never))
        #expect(delegate.outcomes.isEmpty)
        customEvent.stop()
        customEvent.stop()
        #expect(delegate.outcomes.isEmpty)
        #expect(network.loadCount == 1)
    }
}
