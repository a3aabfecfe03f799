import Foundation
import MediationCore
import MediationTesting
import MyTargetAdapters
import NetworkSandbox
import Testing

@Suite("myTarget native banner mapping")
struct MyTargetNativeBannerMappingTests {
    private func map(
        _ banner: MyTargetNativeBanner, placement: MyTargetAdChoicesPlacement = .topRight,
        logger: any MediationLogger = SilentLogger()
    ) throws -> NativeAdProperties {
        try MyTargetNativeBannerPropertyMapper.properties(for: banner, adChoicesPlacement: placement, logger: logger)
    }

    @Test("the disclaimer comes from disclaimerInfo, falling back to the deprecated field")
    func disclaimerFallback() throws {
        var banner = MyTargetSandboxContent.storeBanner()
        banner.disclaimer = "old"
        banner.disclaimerInfo = MyTargetDisclaimer(text: "new", type: .medical)
        #expect(try map(banner).text(.disclaimer) == "new")
        banner.disclaimerInfo = MyTargetDisclaimer(text: "", type: .alcohol)
        #expect(try map(banner).text(.disclaimer) == "old")
        banner.disclaimerInfo = nil
        #expect(try map(banner).text(.disclaimer) == "old")
        banner.disclaimer = nil
        #expect(try map(banner).text(.disclaimer) == nil)
    }

    @Test("a rating outside 0...5 is dropped and logged, not clamped", arguments: [7.0, -0.5, 5.01, .nan, .infinity])
    func outOfRangeRating(rating: Double) throws {
        var banner = MyTargetSandboxContent.storeBanner()
        banner.rating = rating
        let logger = RecordingLogger()
        let properties = try map(banner, logger: logger)
        #expect(properties.number(.starRating) == nil)
        #expect(properties.number(.votes) == 1_234, "the rest of the ad is kept")
        let warning = try #require(logger.entries.first { $0.level == .warning })
        #expect(warning.message.contains("star rating"))
        #expect(warning.metadata["rating"] == "\(rating)")
    }

    @Test("ratings at the bounds are kept", arguments: [0.0, 2.5, 5.0])
    func boundaryRating(rating: Double) throws {
        var banner = MyTargetSandboxContent.storeBanner()
        banner.rating = rating
        #expect(try map(banner).number(.starRating) == rating)
    }

    @Test("rating and votes are store-only; zero votes means none")
    func ratingAndVotesAreStoreOnly() throws {
        var web = MyTargetSandboxContent.webBanner()
        web.rating = 4
        web.votes = 10
        let webProperties = try map(web)
        #expect(webProperties.number(.starRating) == nil)
        #expect(webProperties.number(.votes) == nil)

        var store = MyTargetSandboxContent.storeBanner()
        store.votes = 0
        store.rating = nil
        store.domain = "store.example.com"
        let storeProperties = try map(store)
        #expect(storeProperties.number(.votes) == nil)
        #expect(storeProperties.number(.starRating) == nil)
        #expect(storeProperties.text(.domain) == nil, "domain is a web-ad field")
        #expect(storeProperties.text(.sponsored) == nil)
    }

    @Test("a web-form ad maps its domain like a web ad")
    func webForm() throws {
        var banner = MyTargetSandboxContent.webBanner()
        banner.navigationType = .webForm
        let properties = try map(banner)
        #expect(properties.text(.navigationType) == "webform")
        #expect(properties.text(.domain) == "shop0.example.com")
    }

    @Test("sponsored is the domain; the advertising label stays under its own key")
    func sponsoredDecision() throws {
        let properties = try map(MyTargetSandboxContent.webBanner())
        #expect(properties.text(.sponsored) == properties.text(.domain))
        #expect(properties.text(.advertisingLabel) == "Реклама")
        #expect(properties.text(.sponsored) != properties.text(.advertisingLabel))
    }

    @Test(
        "the AdChoices icon is the privacy icon only when the host draws it",
        arguments: MyTargetAdChoicesPlacement.allCases)
    func privacyIconByPlacement(placement: MyTargetAdChoicesPlacement) throws {
        let banner = MyTargetSandboxContent.storeBanner()
        let properties = try map(banner, placement: placement)
        if placement == .drawingManual {
            #expect(properties.image(.privacyIcon) == banner.adChoicesIcon?.adImage)
        } else {
            #expect(properties.image(.privacyIcon) == nil)
        }
        var withoutAdChoices = banner
        withoutAdChoices.hasAdChoices = false
        #expect(try map(withoutAdChoices, placement: placement).image(.privacyIcon) == nil)
    }

    @Test("title, icon and call to action are required")
    func requiredAssets() throws {
        #expect(MyTargetNativeBannerPropertyMapper.requiredKeys == [.title, .iconImage, .callToAction])
        #expect(throws: MediationError.missingRequiredAssets([.callToAction, .iconImage, .title])) {
            try map(MyTargetNativeBanner(descriptionText: "only a body"))
        }
        let minimal = MyTargetNativeBanner(
            title: "T", ctaText: "Go",
            icon: MyTargetImageData(url: URL(string: "https://example.com/i.png")!))
        let properties = try map(minimal)
        #expect(properties.keys == [.callToAction, .iconImage, .navigationType, .title].sorted())
    }

    @Test("the SDK's no-ad error is a no fill; every other error is kept")
    func errorMapping() {
        #expect(MediationError(MyTargetAdLoadingError.noBanners) == .noFill)
        let missedImages = MyTargetSandbox.mediaFailureError
        #expect(
            MediationError(missedImages)
                == .networkError(
                    NetworkErrorInfo(
                        domain: "MyTargetSDK.AdLoadingError", code: 3001, message: "Banner has no image(s)")))
    }

    @Test("the SDK version the surface mirrors is recorded")
    func versions() {
        #expect(MyTargetAdaptersVersion.sdk == "5.46.0")
        #expect(!MyTargetAdaptersVersion.adapter.isEmpty)
    }
}
