import Foundation
import MediationCore
import TAMediaAdapter
import Testing

@Suite struct TAMediaVersionTests {
    @Test func theAdapterReportsTheMediationKitVersion() {
        #expect(TAMediaAdapterVersion.mediationKit == MediationKitVersion.current)
        #expect(!TAMediaAdapterVersion.mediationKit.isEmpty)
    }
}

/// TAMedia images whose bytes the SDK loaded without a URL become network-provided images.
@Suite struct TAMediaNetworkImageTests {
    @Test func bytesWithoutAURLBecomeANetworkProvidedImage() throws {
        let content = TAMediaSDKNativeAdContent(
            longSubject: "Title",
            iconSquare: TAMediaSDKNativeAdImage(
                url: nil, imageData: Data([7, 8]), size: ImageSize(width: 80, height: 80)))
        let properties = try TAMediaNativeAdAdapter.properties(for: content, mediaContent: nil)
        let icon = try #require(properties.image(.iconImage))
        #expect(icon.isNetworkProvided)
        #expect(icon.data == Data([7, 8]))
        #expect(icon.size == ImageSize(width: 80, height: 80))
        #expect(properties.unloadedImageURLs.isEmpty)
    }

    @Test func anImageWithNeitherURLNorBytesIsLeftOut() throws {
        let content = TAMediaSDKNativeAdContent(longSubject: "Title", iconSquare: TAMediaSDKNativeAdImage(url: nil))
        let properties = try TAMediaNativeAdAdapter.properties(for: content, mediaContent: nil)
        #expect(properties.image(.iconImage) == nil)
    }
}
