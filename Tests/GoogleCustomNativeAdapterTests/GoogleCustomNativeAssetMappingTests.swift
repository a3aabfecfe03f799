import Foundation
import GoogleCustomNativeAdapter
import MediationCore
import MediationTesting
import NetworkSandbox
import Testing

@Suite struct GoogleCustomNativeAssetMappingTests {
    @Test(arguments: ["12387226", "10063170"])
    func sampleFormatsMapHeadlineMainImageAndCaptionByDefault(formatID: String) throws {
        let content = SandboxGoogleAdContent.sample(seed: 11, formatID: formatID)
        let harness = GoogleHarness(script: .fill(content))
        harness.load(info: GoogleHarness.info(formatIDs: [.string(formatID)]))

        let properties = try #require(harness.ad?.properties)
        #expect(properties.text(.title) == content.texts["Headline"])
        #expect(properties.text(.text) == content.texts["Caption"])
        #expect(properties.image(.mainImage)?.url == content.images["MainImage"]?.imageURL)
        #expect(properties.extras.isEmpty)
        #expect(GoogleCustomNativeAssetMapping.sampleFormatIDs.contains(formatID))
        #expect(GoogleCustomNativeAssetMapping.defaultMapping(forFormatID: formatID) == .googleSample)
    }

    @Test func infoMappingReplacesTheDefaultsAndUnmappedAssetsPassThrough() throws {
        let content = SandboxGoogleAdContent(
            formatID: "555",
            texts: ["Title": "Own title", "Body": "Own body", "Headline": "Left over"],
            images: [
                "Hero": GoogleSDKNativeAdImage(imageURL: URL(string: "https://sandbox.mediationkit.test/hero.jpg")),
                "MainImage": GoogleSDKNativeAdImage(
                    imageURL: URL(string: "https://sandbox.mediationkit.test/main.jpg")),
            ])
        let harness = GoogleHarness(script: .fill(content))
        var info = GoogleHarness.info(formatIDs: [.string("555")])
        info.values["assetMapping"] = GoogleHarness.object(["Title": "title", "Body": "text", "Hero": "mainimage"])
        harness.load(info: info)

        let properties = try #require(harness.ad?.properties)
        #expect(properties.text(.title) == "Own title")
        #expect(properties.text(.text) == "Own body")
        #expect(properties.image(.mainImage)?.url?.lastPathComponent == "hero.jpg")
        #expect(properties["Headline"] == .text("Left over"))
        #expect(properties.image("MainImage")?.url?.lastPathComponent == "main.jpg")
        #expect(properties.media(.mainMedia)?.image?.url?.lastPathComponent == "hero.jpg")
    }

    @Test func perFormatMappingWinsOverTheLineMapping() throws {
        let content = SandboxGoogleAdContent(formatID: "777", texts: ["Name": "Per format", "Label": "Line"])
        let harness = GoogleHarness(script: .fill(content))
        var info = GoogleHarness.info(formatIDs: [.string("777")])
        info.values["assetMapping"] = GoogleHarness.object(["Label": "title"])
        info.values["assetMappingByFormat"] = .object(["777": GoogleHarness.object(["Name": "title"])])
        harness.load(info: info)

        let properties = try #require(harness.ad?.properties)
        #expect(properties.text(.title) == "Per format")
        #expect(properties["Label"] == .text("Line"))
    }

    @Test(arguments: [
        (GoogleHarness.object(["Headline": "title", "Caption": "title"]), "assetMapping"),
        (.object(["Headline": .number(1)]), "assetMapping.Headline"),
        (GoogleHarness.object(["Video": "mainmediaview"]), "assetMapping.Video"),
        (GoogleHarness.object(["Logo": "privacyicon"]), "assetMapping.Logo"),
        (.string("title"), "assetMapping"),
    ])
    func malformedMappingFailsWithItsPathWithoutLoading(mapping: JSONValue, expectedPath: String) {
        let harness = GoogleHarness(script: .fill(.sample()))
        var info = GoogleHarness.info()
        info.values["assetMapping"] = mapping
        harness.load(info: info)

        guard case .invalidConfiguration(let path, let reason)? = harness.delegate.error else {
            Issue.record("expected invalidConfiguration, got \(String(describing: harness.delegate.error))")
            return
        }
        #expect(path == expectedPath)
        #expect(!reason.isEmpty)
        #expect(harness.network.loadRequests.isEmpty)
    }

    @Test func numberAssetThatBreaksItsKeysRuleIsKeptAsAnExtraWithAWarning() throws {
        var content = SandboxGoogleAdContent.sample()
        content.texts["Rating"] = "9"
        content.texts["Score"] = "not a number"
        let harness = GoogleHarness(script: .fill(content))
        var info = GoogleHarness.info()
        info.values["assetMapping"] = GoogleHarness.object([
            "Headline": "title", "Rating": "starrating", "Score": "votes",
        ])
        harness.load(info: info)

        let properties = try #require(harness.ad?.properties)
        #expect(properties[.starRating] == nil)
        #expect(properties["Rating"] == .text("9"))
        #expect(properties[.votes] == nil)
        #expect(properties["Score"] == .text("not a number"))
        let warnings = harness.logger.entries.filter { $0.level == .warning }.compactMap { $0.metadata["asset"] }
        #expect(Set(warnings) == ["Rating", "Score"])
    }

    @Test func videoMediaBecomesTheMainMedia() throws {
        let content = SandboxGoogleAdContent.sampleVideo(seed: 2)
        let harness = GoogleHarness(script: .fill(content))
        harness.load(info: GoogleHarness.info(formatIDs: [.string(SandboxGoogleAdContent.sampleVideoFormatID)]))

        let media = try #require(harness.ad?.properties.media(.mainMedia))
        #expect(media.hasVideo)
        #expect(media.aspectRatio == 16.0 / 9.0)
        #expect(media.durationSeconds == content.mediaContent.duration)
        #expect(media.image?.url == content.mediaContent.mainImage?.imageURL)
        #expect(media.image?.isLoaded == true)
        #expect(harness.adapter?.assetKey(for: .mainMedia) == SandboxGoogleNetwork.sandboxMediaViewAssetKey)
    }

    @Test func withoutVideoTheMainImageIsTheMainMedia() throws {
        let content = SandboxGoogleAdContent.sample(seed: 2)
        let harness = GoogleHarness(script: .fill(content))
        harness.load()

        let properties = try #require(harness.ad?.properties)
        let media = try #require(properties.media(.mainMedia))
        #expect(!media.hasVideo)
        #expect(media.image == properties.image(.mainImage))
        #expect(media.image?.isLoaded == true)
        #expect(harness.adapter?.assetKey(for: .mainMedia) == "MainImage")
    }

    @Test func withoutVideoOrMainImageThereIsNoMainMedia() throws {
        var content = SandboxGoogleAdContent.sample(seed: 2)
        content.images = [:]
        let harness = GoogleHarness(script: .fill(content))
        harness.load()

        let properties = try #require(harness.ad?.properties)
        #expect(properties[.mainMedia] == nil)
        #expect(properties[.mainImage] == nil)
    }

    @Test func imageBytesTheSDKLoadedWithoutAURLAreKept() throws {
        let content = SandboxGoogleAdContent(
            formatID: "12387226", texts: ["Headline": "Bytes only"],
            images: ["MainImage": GoogleSDKNativeAdImage(imageURL: nil, imageData: Data([1, 2, 3]))])
        let harness = GoogleHarness(script: .fill(content))
        harness.load()

        let image = try #require(harness.ad?.properties.image(.mainImage))
        #expect(image.data == Data([1, 2, 3]))
        #expect(image.isNetworkProvided)
        #expect(image.url == nil)
        #expect(harness.precacher.requests.allSatisfy { $0.isEmpty })
    }

    @Test func adChoicesAssetBecomesThePrivacyIcon() throws {
        let content = SandboxGoogleAdContent.sample(seed: 4)
        let harness = GoogleHarness(script: .fill(content))
        harness.load()

        let icon = try #require(harness.ad?.properties.image(.privacyIcon))
        #expect(icon.url == content.adChoicesImage?.imageURL)
        #expect(icon.isLoaded)
        #expect(
            harness.ad?.properties[NativeAdPropertyKey(rawValue: SandboxGoogleNetwork.sandboxAdChoicesViewAssetKey)]
                == nil)
    }

    @Test func adWithoutAdChoicesHasNoPrivacyIcon() throws {
        var content = SandboxGoogleAdContent.sample(seed: 4)
        content.adChoicesImage = nil
        let harness = GoogleHarness(script: .fill(content))
        harness.load()

        #expect(try #require(harness.ad).properties[.privacyIcon] == nil)
    }
}
