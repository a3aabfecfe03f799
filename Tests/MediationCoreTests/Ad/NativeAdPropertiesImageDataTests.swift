import Foundation
import MediationCore
import Testing

@Suite struct NativeAdPropertiesImageDataTests {
    @Test func listsUnloadedImagesOnceInKeyOrderIncludingMediaStills() throws {
        let shared = Fixtures.url("https://cdn.example/shared.png")
        let properties = try NativeAdProperties([
            .iconImage: .image(AdImage(url: shared)),
            .rectangleImage: .image(AdImage(url: shared)),
            .mainImage: .image(AdImage(url: Fixtures.url("https://cdn.example/loaded.png"), data: Data([9]))),
            .mainMedia: .media(
                MediaContent(hasVideo: false, image: AdImage(url: Fixtures.url("https://cdn.example/still.png")))),
        ])
        #expect(properties.unloadedImageURLs == [shared, Fixtures.url("https://cdn.example/still.png")])
    }

    @Test func fillsDownloadedBytesIntoImagesAndStills() throws {
        let icon = Fixtures.url("https://cdn.example/icon.png")
        let still = Fixtures.url("https://cdn.example/still.png")
        let properties = try NativeAdProperties([
            .iconImage: .image(AdImage(url: icon)),
            .mainMedia: .media(MediaContent(hasVideo: true, image: AdImage(url: still))),
        ])
        let filled = try properties.fillingImageData([icon: Data([1]), still: Data([2])])
        #expect(filled.image(.iconImage)?.data == Data([1]))
        #expect(filled.media(.mainMedia)?.image?.data == Data([2]))
        #expect(filled.unloadedImageURLs.isEmpty)
    }
}
