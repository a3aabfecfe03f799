import Foundation
import MediationCore
import MediationTesting
import Testing

@MainActor @Suite struct RendererTests {
    @Test func staticRendererFillsOnlyOfferedSlots() throws {
        let adapter = ScriptedNativeAdAdapter(properties: try Fixtures.fullProperties())
        let card = NativeAdCard(slots: [.title, .callToAction, .starRating])
        try StaticNativeAdRenderer().render(adapter, into: card)
        #expect(Set(card.contents.keys) == [.title, .callToAction, .starRating])
        #expect(card.text(in: .title) == "Great app")
        #expect(card.contents[.starRating] == .starRating(4.5))
    }

    @Test func staticRendererFillsEverySlotOfAFullCard() throws {
        let properties = try Fixtures.fullProperties()
        let card = NativeAdCard()
        try StaticNativeAdRenderer().render(ScriptedNativeAdAdapter(properties: properties), into: card)
        #expect(card.text(in: .mainText) == "Body text")
        #expect(card.text(in: .sponsoredBy) == "Sponsored by Example Inc.")
        #expect(card.contents[.icon] == .image(try #require(properties.image(.iconImage))))
        #expect(card.contents[.mainMedia] == .media(try #require(properties.media(.mainMedia))))
        #expect(card.contents[.customAssets] == .customAssets(properties.extras))
        #expect(card.text(in: .advertisingLabel) == StaticNativeAdRenderer.defaultAdvertisingLabel)
        let markingTheAdLacks: Set<NativeAdSlot> = [.ageRestriction, .disclaimer, .advertiser]
        #expect(Set(card.contents.keys) == Set(NativeAdSlot.allCases).subtracting(markingTheAdLacks))
    }

    @Test func emptySponsorHidesTheLabel() throws {
        let adapter = ScriptedNativeAdAdapter(properties: try NativeAdProperties([.sponsored: .text("")]))
        let card = NativeAdCard(slots: [.sponsoredBy])
        try StaticNativeAdRenderer().render(adapter, into: card)
        #expect(card.contents[.sponsoredBy] == .text(nil))
    }

    @Test func htmlEscapesTextAndDropsUnsafeURLs() throws {
        let properties = try NativeAdProperties([
            .title: .text("<script>alert(1)</script>"),
            .text: .text("Tom & \"Jerry\" 'quoted'"),
            .callToAction: .text("Go"),
            .iconImage: .image(AdImage(url: Fixtures.url("javascript:alert(2)"))),
            .mainImage: .image(AdImage(url: Fixtures.url("https://cdn.example/main.jpg"))),
            .privacyIcon: .image(AdImage(url: Fixtures.url("https://cdn.example/ac.png"))),
            .privacyClickURL: .url(Fixtures.url("data:text/html,evil")),
        ])
        let html = HTMLNativeAdRenderer().htmlCard(for: properties, clickURL: Fixtures.url("javascript:alert(3)"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(!html.contains("<script>"))
        #expect(html.contains("Tom &amp; &quot;Jerry&quot; &#39;quoted&#39;"))
        #expect(!html.lowercased().contains("javascript:"))
        #expect(!html.contains("data:text"))
        #expect(html.contains("src=\"https://cdn.example/main.jpg\""))
        #expect(html.contains("<span class=\"cta\">Go</span>"))
        let linked = HTMLNativeAdRenderer().htmlCard(for: properties, clickURL: Fixtures.url("https://ad.example/c"))
        #expect(linked.contains("<a class=\"cta\" href=\"https://ad.example/c\">Go</a>"))
    }

    @Test func htmlShowsRatingAndPage() throws {
        let html = HTMLNativeAdRenderer().htmlPage(for: try Fixtures.fullProperties())
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("★★★★★ 4.5") || html.contains("★★★★☆ 4.5"))
        #expect(html.contains("href=\"https://example.com/privacy\""))
    }
}
