import MediationCore
import MediationTesting

/// The kit's stand-in for a host view that offers its asset views to a view-binding network (as a
/// `GADNativeAdView` subclass with its outlets): a ``NativeAdCard`` for the slots, and one placeholder view per
/// asset-view slot it is given.
@MainActor
final class ConformanceBindingSurface: NativeAdViewBindingSurface {
    /// A placeholder asset view (a `UILabel` or `UIImageView` on iOS).
    final class AssetView: Sendable {
        let slot: NativeAdAssetViewSlot
        init(_ slot: NativeAdAssetViewSlot) { self.slot = slot }
    }

    /// Every asset-view slot MediationKit names.
    static let allSlots: [NativeAdAssetViewSlot] = [
        .title, .body, .callToAction, .icon, .mainImage, .media, .advertiser, .starRating, .price, .store,
        .privacyIcon, .advertisingLabel, .ageRestriction, .disclaimer,
    ]

    private let card = NativeAdCard()
    private let views: [NativeAdAssetViewSlot: AssetView]

    /// A surface with a view for each of `slots`.
    init(slots: [NativeAdAssetViewSlot] = ConformanceBindingSurface.allSlots) {
        views = Dictionary(uniqueKeysWithValues: slots.map { ($0, AssetView($0)) })
    }

    var availableSlots: Set<NativeAdSlot> { card.availableSlots }

    func fill(_ slot: NativeAdSlot, with content: NativeAdSlotContent) {
        card.fill(slot, with: content)
    }

    var assetViews: NativeAdAssetViews { NativeAdAssetViews(views.mapValues { $0 }) }
}
