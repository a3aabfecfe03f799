import Foundation
import MediationCore
import MediationSupport
import MediationTesting
import Testing

/// An asset the network draws itself into a host view is never silently lost.
@MainActor @Suite struct NetworkDrawnSlotsTests {
    typealias Surface = ViewBindingRendererTests.BindingSurface

    /// A binding adapter whose SDK draws the media and the icon itself (no URL, no bytes).
    final class DrawingAdapter: NativeAdViewBindingAdapter, Sendable {
        let properties: NativeAdProperties
        var defaultActionURL: URL? { nil }
        var requiredAssetViewSlots: Set<NativeAdAssetViewSlot> { [.title] }
        var networkDrawnSlots: Set<NativeAdAssetViewSlot> { [.media, .icon] }
        private let delegateReference = WeakAdapterDelegate()
        private let bound = Locked(false)
        init(properties: NativeAdProperties) { self.properties = properties }
        var delegate: (any NativeAdAdapterDelegate)? {
            get { delegateReference.value }
            set { delegateReference.value = newValue }
        }
        func assetName(for slot: NativeAdAssetViewSlot) -> String? { slot == .icon ? "IconView" : nil }
        var isBoundToAssetViews: Bool { bound.current }
        @MainActor func bind(_ views: NativeAdAssetViews, in surface: any NativeAdRendering) throws(MediationError) {
            bound.withLock { $0 = true }
        }
    }

    private func makeAd() throws -> NativeAd {
        let properties = try NativeAdProperties([.title: .text("Drawn"), .callToAction: .text("Install")])
        return NativeAd(
            adapter: DrawingAdapter(properties: properties), source: Fixtures.source(),
            trackerPinger: DiscardingTrackerPinger())
    }

    @Test func theStaticRendererRefusesTheAdNamingTheSlotBeforeFillingAnything() throws {
        let ad = try makeAd()
        let card = NativeAdCard()
        #expect {
            try ad.render(into: card, using: StaticNativeAdRenderer())
        } throws: { error in
            guard case .invalidConfiguration(let path, let reason) = error as? MediationError else { return false }
            return path == "renderer" && reason.contains("'icon' asset (IconView)")
                && reason.contains("ViewBindingNativeAdRenderer")
        }
        #expect(card.contents.isEmpty)
    }

    @Test func theViewBindingRendererRequiresAViewForEachDrawnSlot() throws {
        let ad = try makeAd()
        #expect {
            try ad.render(into: Surface(slots: [.title, .media]), using: ViewBindingNativeAdRenderer())
        } throws: { error in
            guard case .invalidConfiguration(let path, _) = error as? MediationError else { return false }
            return path == "assetViews.icon"
        }
        try ad.render(into: Surface(slots: [.title, .media, .icon]), using: ViewBindingNativeAdRenderer())
        #expect((ad.adapter as? DrawingAdapter)?.isBoundToAssetViews == true)
    }
}
