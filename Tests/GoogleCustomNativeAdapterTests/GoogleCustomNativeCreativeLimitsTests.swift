import Foundation
import GoogleCustomNativeAdapter
import MediationCore
import MediationTesting
import NetworkSandbox
import Testing

/// Through the Google adapter: an impossible image size does not reach a renderer, and an ad
/// with thousands of image assets asks the precacher for at most ``NativeAdRequestContext/maximumImagesPerAd``.
@Suite struct GoogleCustomNativeCreativeLimitsTests {
    @Test func anImageDeclared1e19WideLoadsWithoutItsSizeAndRenders() throws {
        var content = SandboxGoogleAdContent.sample(seed: 3)
        let url = try #require(content.images["MainImage"]?.imageURL)
        content.images["MainImage"] = GoogleSDKNativeAdImage(
            imageURL: url, size: ImageSize(width: 1e19, height: 1e19))
        let harness = GoogleHarness(script: .fill(content))
        harness.load()

        let ad = try #require(harness.ad)
        let image = try #require(ad.properties.image(.mainImage))
        #expect(image.url == url)
        #expect(image.size == nil)
        #expect(ad.properties.droppedValues["mainimage.size"] != nil)
        #expect(ad.properties.media(.mainMedia)?.aspectRatio == nil)
        let card = HTMLNativeAdRenderer().htmlCard(for: ad.properties, images: .placeholders)
        #expect(card.contains("class=\"image-box main-image\""))
    }

    @Test func tenThousandUnmappedImageAssetsAskForAtMostTheBound() throws {
        var content = SandboxGoogleAdContent.sample(seed: 5)
        for index in 0..<10_000 {
            content.images["Extra\(index)"] = GoogleSDKNativeAdImage(
                imageURL: URL(string: "https://sandbox.mediationkit.test/extra-\(index).png"))
        }
        let harness = GoogleHarness(script: .fill(content))
        harness.load()

        let ad = try #require(harness.ad)
        #expect(harness.precacher.requests.count == 1)
        let requested = try #require(harness.precacher.requests.first)
        #expect(requested.count == NativeAdRequestContext.maximumImagesPerAd)
        #expect(requested.contains(try #require(content.images["MainImage"]?.imageURL)))
        #expect(ad.properties.unloadedImageURLs.isEmpty)
        #expect(ad.properties.image(.mainImage)?.data != nil)
        #expect(
            harness.logger.entries.contains {
                $0.level == .warning && $0.message.contains("over the limit of 16 image downloads per ad")
            })
    }
}
