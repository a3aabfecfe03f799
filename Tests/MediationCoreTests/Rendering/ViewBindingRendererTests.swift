import Foundation
import MediationCore
import MediationSupport
import MediationTesting
import Testing

/// The view-binding path: the adapter receives the host's asset views per slot and binds them itself.
@MainActor @Suite struct ViewBindingRendererTests {
    /// A stand-in asset view (a `UILabel` on iOS).
    @MainActor final class AssetView {
        let name: String
        init(_ name: String) { self.name = name }
    }

    /// A surface with asset views, like a `GADNativeAdView` subclass.
    @MainActor final class BindingSurface: NativeAdViewBindingSurface {
        let card = NativeAdCard()
        var views: [NativeAdAssetViewSlot: AssetView]
        init(slots: [NativeAdAssetViewSlot]) {
            views = Dictionary(uniqueKeysWithValues: slots.map { ($0, AssetView($0.rawValue)) })
        }
        var availableSlots: Set<NativeAdSlot> { card.availableSlots }
        func fill(_ slot: NativeAdSlot, with content: NativeAdSlotContent) { card.fill(slot, with: content) }
        var assetViews: NativeAdAssetViews { NativeAdAssetViews(views.mapValues { $0 }) }
    }

    /// A view-binding adapter that records what it was given.
    final class BindingAdapter: NativeAdViewBindingAdapter, Sendable {
        let properties: NativeAdProperties
        var defaultActionURL: URL? { nil }
        let requiredAssetViewSlots: Set<NativeAdAssetViewSlot>
        private let delegateReference = WeakAdapterDelegate()
        private let bound = Locked<[NativeAdAssetViewSlot]?>(nil)

        init(properties: NativeAdProperties, required: Set<NativeAdAssetViewSlot>) {
            self.properties = properties
            self.requiredAssetViewSlots = required
        }
        var delegate: (any NativeAdAdapterDelegate)? {
            get { delegateReference.value }
            set { delegateReference.value = newValue }
        }
        func assetName(for slot: NativeAdAssetViewSlot) -> String? { slot == .title ? "Headline" : nil }
        var isBoundToAssetViews: Bool { bound.current != nil }
        var boundSlots: [NativeAdAssetViewSlot]? { bound.current }
        @MainActor func bind(_ views: NativeAdAssetViews, in surface: any NativeAdRendering) throws(MediationError) {
            bound.withLock { $0 = views.slots }
        }
        @MainActor func didDetach(from surface: any NativeAdRendering) { bound.withLock { $0 = nil } }
        func simulateNetworkImpression() { delegate?.nativeAdWillLogImpression(self) }
    }

    func makeAd(required: Set<NativeAdAssetViewSlot> = [.title, .callToAction]) throws -> (NativeAd, BindingAdapter) {
        let adapter = BindingAdapter(properties: try Fixtures.fullProperties(), required: required)
        return (
            NativeAd(adapter: adapter, source: Fixtures.source(), trackerPinger: DiscardingTrackerPinger()), adapter
        )
    }

    @Test func bindsTheSurfaceViewsAfterFillingItsSlots() throws {
        let (ad, adapter) = try makeAd()
        let surface = BindingSurface(slots: [.title, .callToAction, .icon])
        try ad.render(into: surface, using: ViewBindingNativeAdRenderer())
        #expect(adapter.boundSlots == [.callToAction, .icon, .title])
        #expect(surface.card.text(in: .title) == "Great app")
    }

    @Test func aRequiredAssetWithoutAViewIsAnErrorNamingTheAsset() throws {
        let (ad, adapter) = try makeAd()
        let surface = BindingSurface(slots: [.body])
        #expect(
            throws: MediationError.invalidConfiguration(
                path: "assetViews.callToAction",
                reason: "the network needs a view for its required asset 'callToAction' (slot callToAction),"
                    + " 'Headline' (slot title); the surface has none")
        ) {
            try ad.render(into: surface, using: ViewBindingNativeAdRenderer())
        }
        #expect(!adapter.isBoundToAssetViews)
        #expect(surface.card.contents.isEmpty, "nothing is filled when binding cannot happen")
    }

    @Test func aSurfaceWithoutAssetViewsIsRefused() throws {
        let (ad, _) = try makeAd()
        #expect {
            try ad.render(into: NativeAdCard(), using: ViewBindingNativeAdRenderer())
        } throws: { error in
            guard case MediationError.invalidConfiguration(let path, let reason) = error else { return false }
            return path == "surface" && reason.contains("NativeAdViewBindingSurface")
        }
    }

    @Test func aRendererThatDoesNotBindIsRefusedForABindingAd() throws {
        let (ad, _) = try makeAd()
        #expect {
            try ad.render(into: BindingSurface(slots: [.title, .callToAction]), using: StaticNativeAdRenderer())
        } throws: { error in
            guard case MediationError.invalidConfiguration(let path, let reason) = error else { return false }
            return path == "renderer" && reason.contains("ViewBindingNativeAdRenderer")
        }
    }

    @Test func impressionsCountOnlyAfterBinding() async throws {
        let (ad, adapter) = try makeAd()
        let host = RecordingNativeAdDelegate()
        ad.delegate = host
        ad.recordImpression()
        adapter.simulateNetworkImpression()
        #expect(!ad.hasRecordedImpression)

        let surface = BindingSurface(slots: [.title, .callToAction])
        try ad.render(into: surface, using: ViewBindingNativeAdRenderer())
        adapter.simulateNetworkImpression()
        ad.recordImpression()
        #expect(ad.hasRecordedImpression)
        #expect(await host.settledCount(.impression) == 1)
    }

    @Test func aNonBindingAdapterIsOnlyFilled() throws {
        let adapter = ScriptedNativeAdAdapter(properties: try Fixtures.fullProperties())
        let ad = NativeAd(adapter: adapter, source: Fixtures.source(), trackerPinger: DiscardingTrackerPinger())
        let card = NativeAdCard()
        try ad.render(into: card, using: ViewBindingNativeAdRenderer())
        #expect(card.text(in: .title) == "Great app")
        #expect(adapter.recordedCalls.willAttach == 1)
    }

    @Test func assetViewsMapLooksUpViewsAndSlots() {
        let title = AssetView("t")
        var views = NativeAdAssetViews([.title: title])
        views[.price] = AssetView("p")
        #expect(views.view(for: .title, as: AssetView.self) === title)
        #expect(views.slot(of: title) == .title)
        #expect(views.slots == [.price, .title])
        #expect(NativeAdAssetViewSlot.forPropertyKey(.callToAction) == .callToAction)
        #expect(NativeAdAssetViewSlot.forPropertyKey(.votes) == nil)
    }
}
