import Foundation
import MediationCore
import MediationTesting
import Testing

/// Images the network hands over without a URL: bytes, or an SDK object behind a `NetworkImageHandle`.
@Suite struct NetworkImageTests {
    final class SDKImage: Sendable {}

    @Test func networkBytesAndHandlesAreValidImagesWithoutURL() throws {
        let handle = NetworkImageHandle(SDKImage())
        let properties = try NativeAdProperties([
            .iconImage: .image(AdImage(networkData: Data([0x89, 0x50]), size: ImageSize(width: 64, height: 64))),
            .mainImage: .image(AdImage(networkImage: handle, size: ImageSize(width: 1200, height: 628))),
        ])
        let icon = try #require(properties.image(.iconImage))
        #expect(icon.url == nil)
        #expect(icon.isNetworkProvided)
        #expect(icon.isLoaded)
        #expect(properties.image(.mainImage)?.networkImage == handle)
        #expect(properties.refusedURLs.isEmpty)
    }

    @Test func anImageWithNoURLNoBytesAndNoHandleIsRefusedByPath() {
        var image = AdImage(networkData: Data([1]))
        image.data = nil
        #expect(
            throws: MediationError.invalidConfiguration(
                path: "iconimage", reason: "an image with no URL, no bytes and no network handle")
        ) {
            try NativeAdProperties([.iconImage: .image(image)])
        }
        #expect(
            throws: MediationError.invalidConfiguration(
                path: "mainmediaview.image", reason: "an image with no URL, no bytes and no network handle")
        ) {
            try NativeAdProperties([.mainMedia: .media(MediaContent(hasVideo: false, image: image))])
        }
    }

    @Test func emptyNetworkBytesAreRefused() {
        #expect(
            throws: MediationError.invalidConfiguration(
                path: "mainimage.data", reason: "a network-provided image with empty bytes")
        ) {
            try NativeAdProperties([.mainImage: .image(AdImage(networkData: Data()))])
        }
    }

    @Test func handlesCompareByIdentity() {
        let object = SDKImage()
        #expect(NetworkImageHandle(object) == NetworkImageHandle(object))
        #expect(NetworkImageHandle(object) != NetworkImageHandle(SDKImage()))
        #expect(!NetworkImageHandle(object).isUnavailable)
        #expect(NetworkImageHandle.unavailable.isUnavailable)
    }

    // MARK: JSON

    @Test func networkBytesRoundTripThroughJSONWithTheNetworkMarker() throws {
        let properties = try NativeAdProperties([
            .iconImage: .image(AdImage(networkData: Data([1, 2, 3]), size: ImageSize(width: 2, height: 2)))
        ])
        let json = properties.jsonString()
        #expect(json == #"{"iconimage":{"image":{"data":"AQID","network":true,"size":{"height":2,"width":2}}}}"#)
        #expect(try NativeAdProperties.decode(json: Data(json.utf8)) == properties)
    }

    @Test func aHandleIsLeftOutOfJSONAndDecodesAsUnavailable() throws {
        let properties = try NativeAdProperties([
            .mainImage: .image(
                AdImage(networkImage: NetworkImageHandle(SDKImage()), size: ImageSize(width: 3, height: 1)))
        ])
        let json = properties.jsonString()
        #expect(json == #"{"mainimage":{"image":{"network":true,"size":{"height":1,"width":3}}}}"#)
        let decoded = try NativeAdProperties.decode(json: Data(json.utf8)).image(.mainImage)
        #expect(decoded?.networkImage == .unavailable)
        #expect(decoded?.size == ImageSize(width: 3, height: 1))
        #expect(decoded?.url == nil)
    }

    @Test func anImageWithNeitherURLNorDataNorMarkerFailsToDecode() {
        #expect(throws: (any Error).self) {
            try NativeAdProperties.decode(json: Data(#"{"mainimage":{"image":{"size":{"height":1,"width":1}}}}"#.utf8))
        }
    }

    @Test func urlImagesStillEncodeAsBefore() throws {
        let properties = try NativeAdProperties([
            .iconImage: .image(AdImage(url: Fixtures.url("https://cdn.example/i.png")))
        ])
        #expect(properties.jsonString() == #"{"iconimage":{"image":{"url":"https://cdn.example/i.png"}}}"#)
    }

    // MARK: Precaching and URL policy

    @Test func precachingSkipsImagesThatAlreadyHaveContent() throws {
        let still = AdImage(networkImage: NetworkImageHandle(SDKImage()))
        let properties = try NativeAdProperties([
            .iconImage: .image(AdImage(networkData: Data([1]))),
            .mainImage: .image(AdImage(url: Fixtures.url("https://cdn.example/main.jpg"))),
            .privacyIcon: .image(AdImage(url: Fixtures.url("https://cdn.example/ac.png"), data: Data([2]))),
            .mainMedia: .media(MediaContent(hasVideo: false, image: still)),
        ])
        #expect(properties.unloadedImageURLs == [Fixtures.url("https://cdn.example/main.jpg")])
        let filled = try properties.fillingImageData([Fixtures.url("https://cdn.example/main.jpg"): Data([9])])
        #expect(filled.image(.mainImage)?.data == Data([9]))
        #expect(filled.image(.iconImage) == properties.image(.iconImage))
        #expect(filled.media(.mainMedia)?.image == still)
    }

    @Test func anImageWithAHandleKeepsARefusedURLAsAName() throws {
        var image = AdImage(networkImage: NetworkImageHandle(SDKImage()))
        image.url = Fixtures.url("file:///private/image.png")
        let properties = try NativeAdProperties([.iconImage: .image(image)])
        #expect(properties.image(.iconImage) == image)
        #expect(properties.unloadedImageURLs.isEmpty)
    }

    // MARK: Renderers

    @Test func htmlDrawsNetworkImagesAsMarkedPlaceholdersAndNeverAsDataURLs() throws {
        let properties = try NativeAdProperties([
            .title: .text("Title"),
            .iconImage: .image(AdImage(networkData: Data("<svg onload=alert(1)>".utf8))),
            .mainImage: .image(
                AdImage(networkImage: NetworkImageHandle(SDKImage()), size: ImageSize(width: 300, height: 200))),
        ])
        let html = HTMLNativeAdRenderer().htmlCard(for: properties, images: .linked)
        #expect(html.components(separatedBy: "data-source=\"network\"").count == 3)
        #expect(html.contains("data-size=\"300x200\""))
        #expect(!html.contains("data:"))
        #expect(!html.contains("<img"))
        #expect(!html.contains("onload"))
    }

    @MainActor @Test func staticRendererHandsNetworkImagesToTheirSlots() throws {
        let icon = AdImage(networkData: Data([1, 2]), size: ImageSize(width: 10, height: 10))
        let adapter = ScriptedNativeAdAdapter(properties: try NativeAdProperties([.iconImage: .image(icon)]))
        let card = NativeAdCard(slots: [.icon])
        try StaticNativeAdRenderer().render(adapter, into: card)
        #expect(card.contents[.icon] == .image(icon))
    }
}
