import Foundation
import MediationCore
import MediationTesting
import MyTargetAdapters
import NetworkSandbox
import Testing

/// Russian advertising law: a myTarget ad shows its advertising label, age restriction and disclaimer.
@MainActor @Suite("myTarget ad marking rendered")
struct MyTargetAdMarkingRenderingTests {
    /// A sandbox web banner marked «Реклама», 18+, with a disclaimer and an advertiser domain.
    private func loaded() throws -> (MyTargetHarness, NativeAd) {
        var banner = MyTargetSandboxContent.webBanner()
        banner.ageRestrictions = "18+"
        let harness = MyTargetHarness(.fill(banner))
        harness.request()
        return (harness, try harness.loadedAd())
    }

    @Test func staticRendererShowsTheLabelAgeRestrictionDisclaimerAndAdvertiser() throws {
        let (harness, ad) = try loaded()
        let card = NativeAdCard()
        try ad.render(into: card, using: StaticNativeAdRenderer())
        #expect(card.text(in: .advertisingLabel) == "Реклама")
        #expect(card.text(in: .ageRestriction) == "18+")
        #expect(card.text(in: .disclaimer) == "Not a public offer.")
        #expect(card.text(in: .advertiser) == "shop0.example.com")
        #expect(harness.sandbox.lastNativeBannerAd?.isRegistered == true)
    }

    @Test func htmlRendererShowsTheLabelAgeRestrictionAndDisclaimer() throws {
        let (_, ad) = try loaded()
        let html = HTMLNativeAdRenderer().htmlCard(for: ad.properties, clickURL: ad.defaultActionURL)
        #expect(html.contains("<span class=\"ad-badge\">Реклама</span>"))
        #expect(html.contains("<span class=\"age-restriction\">18+</span>"))
        #expect(html.contains("<p class=\"disclaimer\">Not a public offer.</p>"))
        #expect(html.contains("<p class=\"advertiser\">shop0.example.com</p>"))
    }

    @Test func aSurfaceWithoutMarkingSlotsGetsNoMarking() throws {
        let (_, ad) = try loaded()
        let card = NativeAdCard(slots: [.title])
        try ad.render(into: card, using: StaticNativeAdRenderer())
        #expect(Set(card.contents.keys) == [.title])
    }
}
