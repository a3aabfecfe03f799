import Foundation
import MediationCore
import MediationTesting
import NetworkSandbox
import TAMediaAdapter
import Testing

@MainActor @Suite struct TAMediaRendererTests {
    @Test func configurationListsTheTAMediaCustomEventAndKeepsTheSettings() throws {
        let settings = TAMediaNativeAdRendererSettings(
            renderingSurfaceType: NativeAdCard.self,
            viewSizeHandler: { width in NativeAdViewSize(width: width, height: 250) })
        let configuration = TAMediaNativeAdRenderer.configuration(settings: settings)

        #expect(configuration.supportedCustomEvents == ["TAMediaCustomNativeAdEvent"])
        #expect(configuration.rendererType is TAMediaNativeAdRenderer.Type)
        #expect(configuration.supports(TAMediaCustomNativeAdEvent.identifier))
        let renderer = try #require(configuration.makeRenderer() as? TAMediaNativeAdRenderer)
        let handler = try #require(renderer.viewSizeHandler)
        #expect(handler(320) == NativeAdViewSize(width: 320, height: 250))
        #expect(renderer.renderingSurfaceType.map(ObjectIdentifier.init) == ObjectIdentifier(NativeAdCard.self))
    }

    @Test func registryMatchesTAMediaLinesToTheRenderer() throws {
        var registry = MediationRegistry()
        try registry.registerCustomEvent(TAMediaCustomNativeAdEvent.identifier) {
            TAMediaCustomNativeAdEvent(factory: SandboxTAMediaNetwork())
        }
        registry.addRendererConfiguration(TAMediaNativeAdRenderer.configuration())

        let (customEvent, configuration) = try registry.resolve("TAMediaCustomNativeAdEvent")
        #expect(customEvent.identifier == "TAMediaCustomNativeAdEvent")
        #expect(customEvent.requiredInfoKeys == ["NativeListId"])
        #expect(configuration.rendererType is TAMediaNativeAdRenderer.Type)
    }

    @Test func fullSurfaceGetsTheSeedsSlotsAndTAMediasSubviews() throws {
        let harness = TAMediaHarness(script: .fill(SandboxTAMediaSamples.content(seed: 8)))
        harness.load()
        let ad = try #require(harness.ad)
        let view = try #require(harness.network.views.first)
        let card = NativeAdCard()

        try ad.render(into: card, using: TAMediaNativeAdRenderer.configuration().makeRenderer())

        let properties = ad.properties
        #expect(card.text(in: .title) == properties.text(.title))
        #expect(card.text(in: .mainText) == properties.text(.text))
        #expect(card.text(in: .callToAction) == properties.text(.callToAction))
        #expect(card.contents[.icon] == properties.image(.iconImage).map(NativeAdSlotContent.image))
        #expect(card.contents[.mainMedia] == properties.media(.mainMedia).map(NativeAdSlotContent.media))
        #expect(Set(card.contents.keys) == [.title, .mainText, .callToAction, .icon, .mainMedia])
        #expect(
            view.placements == [
                .longSubjectLabel: .title, .bodyLabel: .mainText, .callToActionView: .callToAction,
                .squareImageView: .icon, .mediaView: .mainMedia,
            ])
        #expect(view.embeddedSurface === card)
    }

    @Test func surfaceWithOnlySomeSlotsGetsOnlyThose() throws {
        let harness = TAMediaHarness(script: .fill(SandboxTAMediaSamples.content(seed: 8)))
        harness.load()
        let ad = try #require(harness.ad)
        let view = try #require(harness.network.views.first)
        let card = NativeAdCard(slots: [.title, .mainImage, .sponsoredBy])

        try ad.render(into: card, using: TAMediaNativeAdRenderer(settings: TAMediaNativeAdRendererSettings()))

        #expect(Set(card.contents.keys) == [.title, .mainImage])
        #expect(card.text(in: .title) == ad.properties.text(.title))
        #expect(card.contents[.mainImage] == ad.properties.media(.mainMedia).map(NativeAdSlotContent.media))
        #expect(view.placements == [.longSubjectLabel: .title, .mediaView: .mainImage])
    }

    @Test func absentTextsHideTheirLabels() throws {
        let harness = TAMediaHarness(script: .fill(TAMediaSDKNativeAdContent(longSubject: "Title only")))
        harness.load()
        let ad = try #require(harness.ad)
        let card = NativeAdCard(slots: [.title, .mainText, .callToAction, .icon])

        try ad.render(into: card, using: TAMediaNativeAdRenderer(settings: TAMediaNativeAdRendererSettings()))

        #expect(card.contents[.title] == .text("Title only"))
        #expect(card.contents[.mainText] == .text(nil))
        #expect(card.contents[.callToAction] == .text(nil))
        #expect(card.contents[.icon] == nil)
    }

    @Test func detachingTakesTAMediasSubviewsBackOut() throws {
        let harness = TAMediaHarness(script: .fill(SandboxTAMediaSamples.content()))
        harness.load()
        let ad = try #require(harness.ad)
        let view = try #require(harness.network.views.first)
        let card = NativeAdCard()
        try ad.render(into: card, using: TAMediaNativeAdRenderer(settings: TAMediaNativeAdRendererSettings()))

        ad.detachSurface()

        #expect(view.placements.isEmpty)
        #expect(view.embeddedSurface == nil)
    }

    @Test func otherAdaptersAdsAreFilledFromTheirProperties() throws {
        var properties = NativeAdProperties()
        try properties.setText("Elsewhere", for: .title)
        try properties.set(.number(4), for: .starRating)
        let adapter = ScriptedNativeAdAdapter(properties: properties)
        let card = NativeAdCard()

        try TAMediaNativeAdRenderer(settings: TAMediaNativeAdRendererSettings()).render(adapter, into: card)

        #expect(card.contents[.title] == .text("Elsewhere"))
        #expect(card.contents[.starRating] == nil)
    }
}
