import Foundation
import MediationSupport
import MediationTesting
import Testing

@testable import MediationBridge
@testable import MediationCore

/// Sizes, durations and ratings are checked where they enter the unified ad, so that no
/// renderer can trap on them, and one ad cannot ask the precacher for thousands of images.
@Suite struct CreativeLimitsTests {
    static let url = URL(string: "https://cdn.example/a.png")!

    static let impossibleSizes: [ImageSize] = [
        ImageSize(width: 1e19, height: 10), ImageSize(width: 10, height: 1e19), ImageSize(width: .nan, height: 10),
        ImageSize(width: .infinity, height: 10), ImageSize(width: 10, height: -.infinity),
        ImageSize(width: -1, height: 10), ImageSize(width: 0, height: 0), ImageSize(width: 16_385, height: 10),
        ImageSize(width: 0.5, height: 10),
    ]

    @Test(arguments: impossibleSizes)
    func anImpossibleImageSizeIsDroppedAndTheImageKept(size: ImageSize) throws {
        var properties = NativeAdProperties()
        try properties.set(.image(AdImage(url: Self.url, size: size)), for: .mainImage)
        try properties.set(
            .media(MediaContent(hasVideo: false, image: AdImage(url: Self.url, size: size))), for: .mainMedia)
        #expect(properties.image(.mainImage) == AdImage(url: Self.url))
        #expect(properties.media(.mainMedia)?.image == AdImage(url: Self.url))
        #expect(Set(properties.droppedValues.keys) == ["mainimage.size", "mainmediaview.image.size"])
        let reason = try #require(properties.droppedValues["mainimage.size"])
        #expect(reason.hasSuffix("dropped: each side must be in 1...16384 px"))
        #expect(properties.unloadedImageURLs == [Self.url])
    }

    @Test func theEdgesOfTheRangeAreKept() throws {
        var properties = NativeAdProperties()
        for (key, size) in [
            (NativeAdPropertyKey.mainImage, ImageSize(width: 16_384, height: 16_384)),
            (.iconImage, ImageSize(width: 1, height: 1)),
        ] {
            try properties.set(.image(AdImage(url: Self.url, size: size)), for: key)
            #expect(properties.image(key)?.size == size)
        }
        #expect(properties.droppedValues.isEmpty)
    }

    @Test func theMessageShowsAHugeSideShortly() throws {
        var properties = NativeAdProperties()
        try properties.set(.image(AdImage(url: Self.url, size: ImageSize(width: 1e19, height: 50))), for: .iconImage)
        #expect(
            properties.droppedValues["iconimage.size"] == "size 1e+19x50 dropped: each side must be in 1...16384 px")
    }

    @Test(arguments: [-5, .infinity, -.infinity, .nan, 86_400.5, 1e19])
    func aDurationOutOfRangeIsDroppedAndTheMediaKept(duration: Double) throws {
        var properties = NativeAdProperties()
        try properties.set(.media(MediaContent(hasVideo: true, durationSeconds: duration)), for: .mainMedia)
        #expect(properties.media(.mainMedia) == MediaContent(hasVideo: true))
        #expect(properties.droppedValues["mainmediaview.durationSeconds"]?.contains("0...86400 seconds") == true)
    }

    @Test func durationsFromZeroToADayAreKept() throws {
        var properties = NativeAdProperties()
        for duration in [0, 30.5, 86_400] {
            try properties.set(.media(MediaContent(hasVideo: true, durationSeconds: duration)), for: .mainMedia)
            #expect(properties.media(.mainMedia)?.durationSeconds == duration)
        }
        #expect(properties.droppedValues.isEmpty)
    }

    @Test(arguments: [.nan, -1, 0, 1e-9, 1e9])
    func anAspectRatioOutOfRangeIsDropped(ratio: Double) throws {
        var properties = NativeAdProperties()
        try properties.set(.media(MediaContent(hasVideo: true, aspectRatio: ratio)), for: .mainMedia)
        #expect(properties.media(.mainMedia) == MediaContent(hasVideo: true))
        #expect(properties.droppedValues["mainmediaview.aspectRatio"] != nil)
    }

    @Test(arguments: [-0.1, 5.01, .nan, .infinity, 1e19])
    func aRatingOutOfRangeIsRefusedNamingTheKey(rating: Double) {
        var properties = NativeAdProperties()
        #expect(throws: MediationError.self) { try properties.set(.number(rating), for: .starRating) }
        do {
            try properties.set(.number(rating), for: .starRating)
        } catch {
            guard case .invalidConfiguration(let path, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(path == "starrating")
        }
        #expect(properties.isEmpty)
    }

    @Test func aDecodedAdWithAnImpossibleSizeLosesItAndRoundTrips() throws {
        let json =
            #"{"mainimage": {"image": {"url": "https://cdn.example/a.png", "size": {"width": 1e19, "height": 5}}}}"#
        let decoded = try NativeAdProperties.decode(json: Data(json.utf8))
        #expect(decoded.image(.mainImage) == AdImage(url: Self.url))
        #expect(try NativeAdProperties.decode(json: decoded.jsonData()) == decoded)
    }

    // MARK: Renderers

    @Test func theHTMLRendererDrawsAnAdWhoseImageWasDeclared1e19Wide() throws {
        var properties = NativeAdProperties()
        try properties.setText("Title", for: .title)
        try properties.set(.image(AdImage(url: Self.url, size: ImageSize(width: 1e19, height: 1e19))), for: .mainImage)
        try properties.set(.image(AdImage(url: Self.url, size: ImageSize(width: 1e19, height: 3))), for: .iconImage)
        let renderer = HTMLNativeAdRenderer()
        for style in [HTMLNativeAdRenderer.ImageStyle.linked, .placeholders] {
            let card = renderer.htmlCard(for: properties, images: style)
            #expect(card.contains("class=\"image-box main-image\""))
            #expect(!card.contains("1e+19"))
        }
    }

    @Test(arguments: [
        (1e19, 16_384), (-1e19, 1), (.nan, 1), (.infinity, 16_384), (-.infinity, 1), (0, 1), (320.4, 320),
    ])
    func theHTMLRendererNeverTrapsOnASide(side: Double, pixels: Int) {
        #expect(HTMLNativeAdRenderer.pixels(side) == pixels)
    }

    @Test func noConversionFromDoubleTraps() {
        #expect(Int(saturating: 1e19) == Int.max)
        #expect(Int(saturating: -1e19) == Int.min)
        #expect(Int(saturating: .nan) == 0)
        #expect(Int64(saturating: .infinity) == Int64.max)
        #expect(UInt(saturating: -3) == 0)
        #expect(Int(saturating: 2.5, rounding: .up) == 3)
        #expect(Int(saturating: Double(Int.max)) == Int.max)
        #expect(Int32(saturating: 12.9) == 12)
        #expect(Int(saturating: -2.5) == -2, "without a rule, toward zero")
        #expect(Int(saturating: -2.5, rounding: .down) == -3)
    }

    // MARK: Images per ad

    /// Properties with a title, a main image and `extras` extra images, each at its own URL.
    static func properties(extras: Int) throws -> NativeAdProperties {
        var properties = NativeAdProperties()
        try properties.setText("Title", for: .title)
        try properties.set(.image(AdImage(url: URL(string: "https://cdn.example/main.png")!)), for: .mainImage)
        for index in 0..<extras {
            let url = URL(string: "https://cdn.example/extra-\(index).png")!
            try properties.set(.image(AdImage(url: url)), for: NativeAdPropertyKey(rawValue: "extra\(index)"))
        }
        return properties
    }

    @Test func oneAdAsksThePrecacherForAtMostSixteenImages() throws {
        let properties = try Self.properties(extras: 10_000)
        #expect(properties.unloadedImageURLs.count == 10_001)
        let precacher = ScriptedImagePrecacher()
        let logger = RecordingLogger()
        let delegate = RecordingCustomEventDelegate()
        let context = NativeAdRequestContext(
            delegate: delegate, logger: logger, imagePrecacher: precacher,
            trackerPinger: DiscardingTrackerPinger(),
            source: NativeAdSource(customEventIdentifier: "A", networkName: "A"))
        let outcome = Locked<Result<NativeAd, MediationError>?>(nil)
        context.precacheImages(of: properties) { loaded throws(MediationError) in
            context.makeNativeAd(adapter: ScriptedNativeAdAdapter(properties: loaded))
        } completion: { result in
            outcome.withLock { $0 = result }
        }

        let requested = try #require(precacher.requests.first)
        #expect(precacher.requests.count == 1)
        #expect(requested.count == NativeAdRequestContext.maximumImagesPerAd)
        #expect(requested.contains(URL(string: "https://cdn.example/main.png")!))
        let result = try #require(outcome.withLock { $0 })
        let ad = try result.get()
        #expect(ad.properties.image(.mainImage)?.data != nil)
        #expect(ad.properties.unloadedImageURLs.isEmpty)
        #expect(ad.properties.count == 1 + 1 + 15)
        #expect(
            logger.entries.contains {
                $0.level == .warning
                    && $0.message.hasPrefix("9985 images dropped: over the limit of 16 image downloads per ad")
            })
    }

    @Test func aDirectCallToThePrecacherIsCappedToo() throws {
        let precacher = ScriptedImagePrecacher()
        let logger = RecordingLogger()
        let context = NativeAdRequestContext(
            delegate: RecordingCustomEventDelegate(), logger: logger, imagePrecacher: precacher,
            trackerPinger: DiscardingTrackerPinger(),
            source: NativeAdSource(customEventIdentifier: "A", networkName: "A"))
        let urls = (0..<10_002).map { URL(string: "https://cdn.example/\($0).png")! }
        let unsafe = (0..<50).map { URL(string: "file:///tmp/\($0)")! }
        context.imagePrecacher.precacheImages(urls + urls + unsafe) { _ in }
        #expect(precacher.requests == [Array(urls.prefix(16))])
        let warnings = logger.entries.filter { $0.level == .warning }.map(\.message)
        #expect(warnings.contains("9986 image URLs not downloaded: over the limit of 16 per request"))
        #expect(warnings.contains("47 more image URLs dropped before download (not http(s))"))
        #expect(warnings.count == 5)
    }

    @Test func theEngineTracesAndLogsADroppedSize() throws {
        var properties = Fixture.properties("A")
        try properties.set(.image(AdImage(url: Self.url, size: ImageSize(width: 1e19, height: 1))), for: .iconImage)
        let harness = WaterfallHarness()
        let mediator = try harness.mediator(["A": .fill(properties)])
        let recorder = RunRecorder(harness.clock)
        mediator.mediate(Fixture.response(["A"]), delivery: .immediate, completion: recorder.completion)
        let result = try #require(recorder.single)
        #expect(result.ad?.properties.image(.iconImage)?.size == nil)
        #expect(
            result.trace.notes == [
                "line 0: dropped values out of range: iconimage.size (size 1e+19x1 dropped: each side must be in "
                    + "1...16384 px)"
            ])
        #expect(harness.logger.entries.contains { $0.level == .warning && $0.message.contains("iconimage.size") })
    }
}
