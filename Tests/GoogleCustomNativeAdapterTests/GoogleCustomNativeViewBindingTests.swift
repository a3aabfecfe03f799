import Foundation
import GoogleCustomNativeAdapter
import MediationCore
import MediationTesting
import NetworkSandbox
import Testing

/// The Google custom native adapter's view-binding path (`bindAssetViews: true`).
@MainActor @Suite struct GoogleCustomNativeViewBindingTests {
    @MainActor final class AssetView {}

    @MainActor final class BindingSurface: NativeAdViewBindingSurface {
        let card = NativeAdCard()
        let views: [NativeAdAssetViewSlot: AssetView]
        init(_ slots: [NativeAdAssetViewSlot]) {
            views = Dictionary(uniqueKeysWithValues: slots.map { ($0, AssetView()) })
        }
        var availableSlots: Set<NativeAdSlot> { card.availableSlots }
        func fill(_ slot: NativeAdSlot, with content: NativeAdSlotContent) { card.fill(slot, with: content) }
        var assetViews: NativeAdAssetViews { NativeAdAssetViews(views.mapValues { $0 }) }
    }

    static func bindingInfo(_ binds: JSONValue = .bool(true)) -> CustomEventInfo {
        var info = GoogleHarness.info()
        info.values["bindAssetViews"] = binds
        return info
    }

    func loaded() throws -> (GoogleHarness, NativeAd, GoogleCustomNativeAdAdapter, SandboxGoogleCustomNativeAd) {
        let harness = GoogleHarness(script: .fill(.sample()), dedupesImpressions: false)
        harness.load(info: Self.bindingInfo())
        return (
            harness, try #require(harness.ad), try #require(harness.adapter), try #require(harness.network.lastAd)
        )
    }

    @Test func theLineTurnsBindingOn() throws {
        let (_, _, adapter, _) = try loaded()
        #expect(adapter.bindsAssetViews)
        #expect(adapter.requiredAssetViewSlots == [.title, .privacyIcon])
        #expect(adapter.assetName(for: .title) == "Headline")
    }

    @Test func aMalformedBindAssetViewsIsAnErrorNamingTheKey() {
        #expect {
            try GoogleCustomNativeConfiguration(info: Self.bindingInfo(.string("yes")))
        } throws: { error in
            guard case MediationError.invalidConfiguration(let path, let reason) = error else { return false }
            return path == "bindAssetViews" && reason.hasPrefix("expected a Boolean")
        }
    }

    @Test func theSDKHearsNoImpressionBeforeBindingAndOneAfter() throws {
        let (harness, ad, _, sdkAd) = try loaded()
        ad.recordImpression()
        #expect(sdkAd.impressionCallCount == 0)
        #expect(harness.pinger.pinged.isEmpty)

        try ad.render(
            into: BindingSurface([.title, .body, .mainImage, .privacyIcon]), using: ViewBindingNativeAdRenderer())
        ad.recordImpression()
        ad.recordImpression()
        #expect(sdkAd.impressionCallCount == 1)
        #expect(sdkAd.recordedImpressionCount == 1)
        #expect(harness.pinger.count(of: try #require(URL(string: "https://tracker.test/imp"))) == 1)
    }

    @Test func aMissingTitleViewNamesTheGoogleAsset() throws {
        let (_, ad, adapter, _) = try loaded()
        #expect {
            try ad.render(into: BindingSurface([.body, .privacyIcon]), using: ViewBindingNativeAdRenderer())
        } throws: { error in
            guard case MediationError.invalidConfiguration(let path, let reason) = error else { return false }
            return path == "assetViews.title" && reason.contains("'Headline' (slot title)")
        }
        #expect(!adapter.isBoundToAssetViews)
    }

    @Test func aMissingAdChoicesViewIsRefusedToo() throws {
        let (_, ad, _, _) = try loaded()
        #expect {
            try ad.render(into: BindingSurface([.title]), using: ViewBindingNativeAdRenderer())
        } throws: { error in
            guard case MediationError.invalidConfiguration(let path, _) = error else { return false }
            return path == "assetViews.privacyIcon"
        }
    }

    @Test func aTapOnABoundViewIsReportedOnItsAsset() throws {
        let (_, ad, _, sdkAd) = try loaded()
        let surface = BindingSurface([.title, .body, .mainImage, .privacyIcon])
        try ad.render(into: surface, using: ViewBindingNativeAdRenderer())

        ad.recordClick(onAssetView: try #require(surface.views[.body]))
        ad.recordClick(onAssetView: try #require(surface.views[.privacyIcon]))
        #expect(sdkAd.clicks.map(\.assetKey) == ["Caption", SandboxGoogleNetwork.sandboxAdChoicesViewAssetKey])
    }

    @Test func detachingUnbindsSoImpressionsWaitForTheNextBinding() throws {
        let (_, ad, adapter, sdkAd) = try loaded()
        try ad.render(into: BindingSurface([.title, .privacyIcon]), using: ViewBindingNativeAdRenderer())
        #expect(adapter.isBoundToAssetViews)
        ad.detachSurface()
        #expect(!adapter.isBoundToAssetViews)
        ad.recordImpression()
        #expect(sdkAd.impressionCallCount == 0)
    }

    @Test func withoutBindingTheAdIsDrawnAsBefore() throws {
        let harness = GoogleHarness(script: .fill(.sample()))
        harness.load()
        let ad = try #require(harness.ad)
        #expect(harness.adapter?.bindsAssetViews == false)
        try ad.render(into: NativeAdCard(), using: ViewBindingNativeAdRenderer())
        ad.recordImpression()
        #expect(harness.network.lastAd?.impressionCallCount == 1)
    }

    @Test func theAdapterReportsTheMediationKitVersion() {
        #expect(GoogleCustomNativeAdapterVersion.mediationKit == MediationKitVersion.current)
    }
}
