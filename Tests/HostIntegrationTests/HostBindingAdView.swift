import MediationCore

/// What a UIKit `UILabel` / `UIImageView` outlet would be: a main-actor class.
@MainActor
final class HostAssetView {
    private(set) var content: NativeAdSlotContent?
    func show(_ content: NativeAdSlotContent) { self.content = content }
}

/// What a `GADNativeAdView`-style UIKit view would be: a main-actor view with asset outlets that it hands to
/// view-binding networks, adopting `NativeAdViewBindingSurface` directly.
@MainActor
final class HostBindingAdView: NativeAdViewBindingSurface {
    let titleView = HostAssetView()
    let bodyView = HostAssetView()
    let mainImageView = HostAssetView()
    let adChoicesView = HostAssetView()
    let advertisingLabelView = HostAssetView()
    private(set) var everyCallOnMainQueue = true

    var availableSlots: Set<NativeAdSlot> { [.title, .mainText, .mainImage, .privacyIcon, .advertisingLabel] }

    func fill(_ slot: NativeAdSlot, with content: NativeAdSlotContent) {
        everyCallOnMainQueue = everyCallOnMainQueue && MainQueueProbe.isOnMainQueue
        let view: HostAssetView? =
            switch slot {
            case .title: titleView
            case .mainText: bodyView
            case .mainImage: mainImageView
            case .privacyIcon: adChoicesView
            case .advertisingLabel: advertisingLabelView
            default: nil
            }
        view?.show(content)
    }

    var assetViews: NativeAdAssetViews {
        everyCallOnMainQueue = everyCallOnMainQueue && MainQueueProbe.isOnMainQueue
        return NativeAdAssetViews([
            .title: titleView, .body: bodyView, .mainImage: mainImageView, .privacyIcon: adChoicesView,
            .advertisingLabel: advertisingLabelView,
        ])
    }
}
