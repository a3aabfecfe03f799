import Foundation
import MediationTesting
import Testing

@testable import MediationBridge
@testable import MediationCore

/// Unsafe URLs and bad numbers never reach the unified ad, the precacher or the host.
@Suite struct HostileContentTests {
    static let unsafe = [
        "javascript:alert(1)", "data:text/html,<b>x</b>", "file:///etc/passwd", "vbscript:msgbox", "/relative/path",
        "//no-scheme.example/x", "https://",
    ]

    @Test(arguments: unsafe)
    func unsafeURLsAreDroppedWhereTheyEnterTheUnifiedAd(text: String) throws {
        let url = try #require(URL(string: text))
        var properties = NativeAdProperties()
        try properties.set(.url(url), for: .privacyClickURL)
        try properties.set(.image(AdImage(url: url)), for: .mainImage)
        try properties.set(.image(AdImage(url: url)), for: "custom_image")
        let media = MediaContent(hasVideo: true, videoURL: url, image: AdImage(url: url))
        try properties.set(.media(media), for: .mainMedia)
        #expect(properties[.privacyClickURL] == nil)
        #expect(properties[.mainImage] == nil)
        #expect(properties["custom_image"] == nil)
        #expect(properties.media(.mainMedia)?.videoURL == nil)
        #expect(properties.media(.mainMedia)?.image == nil)
        #expect(properties.media(.mainMedia)?.hasVideo == true)
        #expect(properties.refusedURLs[.privacyClickURL] == url.absoluteString)
        #expect(Set(properties.refusedURLs.keys) == [.privacyClickURL, .mainImage, "custom_image", .mainMedia])
        #expect(properties.unloadedImageURLs.isEmpty)
    }

    @Test func safeURLsStay() throws {
        var properties = NativeAdProperties()
        let url = try #require(URL(string: "HTTPS://cdn.example/a.png"))
        try properties.set(.image(AdImage(url: url)), for: .mainImage)
        #expect(properties.image(.mainImage)?.url == url)
        #expect(properties.refusedURLs.isEmpty)
    }

    @Test(arguments: [
        (NativeAdValue.number(.nan), NativeAdPropertyKey.votes),
        (.number(.infinity), "custom_number"),
        (.number(-3), .votes),
        (.text(String(repeating: "x", count: 10_000_000)), .text),
    ])
    func badNumbersAndHugeTextsAreRefusedWithTheirKey(value: NativeAdValue, key: NativeAdPropertyKey) {
        var properties = NativeAdProperties()
        #expect(throws: MediationError.self) { try properties.set(value, for: key) }
        do {
            try properties.set(value, for: key)
        } catch {
            guard case .invalidConfiguration(let path, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(path.hasPrefix(key.rawValue))
        }
        #expect(properties.isEmpty)
    }

    @Test func everyAcceptedAdRoundTripsThroughItsOwnJSON() throws {
        var properties = NativeAdProperties()
        try properties.set(.number(0), for: .votes)
        try properties.set(.number(-0.0), for: .votes)
        try properties.set(.media(MediaContent(hasVideo: false, aspectRatio: 1.5, durationSeconds: 0)), for: .mainMedia)
        try properties.setText("Реклама", for: .advertisingLabel)
        let decoded = try NativeAdProperties.decode(json: properties.jsonData())
        #expect(decoded == properties)
    }

    @Test func theClickDestinationFollowsThePolicy() throws {
        let source = NativeAdSource(customEventIdentifier: "A", networkName: "A")
        for (text, allowed) in [
            ("https://shop.example/p", true), ("javascript:alert(1)", false), ("myapp://item/1", false),
        ] {
            let adapter = ScriptedNativeAdAdapter(properties: NativeAdProperties(), defaultActionURL: URL(string: text))
            let ad = NativeAd(adapter: adapter, source: source, trackerPinger: DiscardingTrackerPinger())
            #expect((ad.defaultActionURL != nil) == allowed, "\(text)")
        }
        let deepLinks = MediationURLPolicy(allowedDeepLinkSchemes: ["MyApp", "javascript"])
        let adapter = ScriptedNativeAdAdapter(
            properties: NativeAdProperties(), defaultActionURL: URL(string: "myapp://item/1"))
        #expect(
            NativeAd(adapter: adapter, source: source, trackerPinger: DiscardingTrackerPinger(), urlPolicy: deepLinks)
                .defaultActionURL != nil)
        let script = ScriptedNativeAdAdapter(
            properties: NativeAdProperties(), defaultActionURL: URL(string: "javascript:alert(1)"))
        #expect(
            NativeAd(adapter: script, source: source, trackerPinger: DiscardingTrackerPinger(), urlPolicy: deepLinks)
                .defaultActionURL == nil)
    }

    @Test func thePrecacherNeverSeesAnUnsafeURL() throws {
        let precacher = ScriptedImagePrecacher()
        let logger = RecordingLogger()
        let context = NativeAdRequestContext(
            delegate: RecordingCustomEventDelegate(), logger: logger, imagePrecacher: precacher,
            trackerPinger: DiscardingTrackerPinger(),
            source: NativeAdSource(customEventIdentifier: "A", networkName: "A"))
        let good = try #require(URL(string: "https://cdn.example/a.png"))
        let bad = try #require(URL(string: "file:///etc/passwd"))
        context.imagePrecacher.precacheImages([good, bad]) { _ in }
        #expect(precacher.requests == [[good]])
        #expect(logger.entries.contains { $0.message.contains("file:///etc/passwd") })
    }

    @Test func theEngineTracesAndLogsADroppedURL() throws {
        var properties = Fixture.properties("A")
        try properties.set(.url(try #require(URL(string: "javascript:alert(1)"))), for: .privacyClickURL)
        let harness = WaterfallHarness()
        let mediator = try harness.mediator(["A": .fill(properties)])
        let recorder = RunRecorder(harness.clock)
        mediator.mediate(Fixture.response(["A"]), delivery: .immediate, completion: recorder.completion)
        let result = try #require(recorder.single)
        #expect(result.ad?.properties[.privacyClickURL] == nil)
        #expect(
            result.trace.notes == [
                "line 0: dropped URLs that are not http(s): privacyclkurl (javascript:alert(1))"
            ])
        #expect(harness.logger.entries.contains { $0.level == .warning && $0.message.contains("privacyclkurl") })
    }
}
