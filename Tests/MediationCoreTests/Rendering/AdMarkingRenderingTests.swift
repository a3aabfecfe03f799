import Foundation
import MediationCore
import MediationTesting
import Testing

@MainActor @Suite struct AdMarkingRenderingTests {
    private func adapter(_ values: [NativeAdPropertyKey: NativeAdValue], clickURL: String? = nil) throws
        -> ScriptedNativeAdAdapter
    {
        ScriptedNativeAdAdapter(
            properties: try NativeAdProperties(values), defaultActionURL: clickURL.map(Fixtures.url))
    }

    @Test func anAdWithoutItsOwnLabelGetsTheDefaultBadge() throws {
        let card = NativeAdCard()
        try StaticNativeAdRenderer().render(try adapter([.title: .text("T")]), into: card)
        #expect(card.text(in: .advertisingLabel) == "Ad")
        #expect(card.contents[.ageRestriction] == nil)
        #expect(card.contents[.disclaimer] == nil)
        #expect(card.contents[.advertiser] == nil)
        let html = HTMLNativeAdRenderer().htmlCard(for: try NativeAdProperties([.title: .text("T")]))
        #expect(html.contains("<span class=\"ad-badge\">Ad</span>"))
    }

    @Test func markingKeysFillTheirSlots() throws {
        let card = NativeAdCard()
        let marked = try adapter([
            .advertisingLabel: .text("Anzeige"), .ageRestriction: .text("16+"), .disclaimer: .text("Risk warning"),
            .domain: .text("bank.example"),
        ])
        try StaticNativeAdRenderer().render(marked, into: card)
        #expect(card.text(in: .advertisingLabel) == "Anzeige")
        #expect(card.text(in: .ageRestriction) == "16+")
        #expect(card.text(in: .disclaimer) == "Risk warning")
        #expect(card.text(in: .advertiser) == "bank.example")
    }

    @Test(arguments: [
        ("https://ad.example/go", true), ("http://ad.example/go", true), ("javascript:alert(1)", false),
        ("myapp://open", false),
    ])
    func callToActionLinksOnlyToHTTPURLs(url: String, links: Bool) throws {
        let card = NativeAdCard()
        try StaticNativeAdRenderer().render(try adapter([.callToAction: .text("Open")], clickURL: url), into: card)
        if links {
            #expect(card.contents[.callToAction] == .link(title: "Open", url: Fixtures.url(url)))
        } else {
            #expect(card.contents[.callToAction] == .text("Open"))
        }
        #expect(card.text(in: .callToAction) == "Open")
    }

    @Test func htmlImagesSitInBoxesOfTheirDeclaredSize() throws {
        let properties = try NativeAdProperties([
            .mainImage: .image(
                AdImage(url: Fixtures.url("https://cdn.example/m.jpg"), size: ImageSize(width: 600, height: 300))),
            .iconImage: .image(AdImage(url: Fixtures.url("https://cdn.example/i.png"))),
        ])
        let linked = HTMLNativeAdRenderer().htmlCard(for: properties)
        #expect(linked.contains("style=\"aspect-ratio:600/300\" data-size=\"600x300\""))
        #expect(linked.contains("<img src=\"https://cdn.example/m.jpg\" width=\"600\" height=\"300\""))
        #expect(linked.contains("data-size=\"48x48\"><img src=\"https://cdn.example/i.png\""))

        let offline = HTMLNativeAdRenderer().htmlCard(for: properties, images: .placeholders)
        #expect(!offline.contains("<img"))
        #expect(!offline.contains("cdn.example"), "a placeholder page loads nothing")
        #expect(offline.contains("viewBox=\"0 0 600 300\""))
        #expect(offline.contains("image 600×300"))
        #expect(offline.contains("viewBox=\"0 0 48 48\""))
    }
}
