/// A rendering surface that also hands its asset views to view-binding networks, like Google Mobile Ads'
/// `GADNativeAdView` with its outlets.
///
/// ```swift ios
/// final class FeedAdView: UIView, NativeAdViewBindingSurface {
///     let titleLabel = UILabel(), bodyLabel = UILabel(), ctaButton = UIButton(), iconView = UIImageView()
///     var availableSlots: Set<NativeAdSlot> { [.title, .mainText, .callToAction, .icon, .advertisingLabel] }
///     func fill(_ slot: NativeAdSlot, with content: NativeAdSlotContent) { /* set texts and images */ }
///     var assetViews: NativeAdAssetViews {
///         NativeAdAssetViews([.title: titleLabel, .body: bodyLabel, .callToAction: ctaButton, .icon: iconView])
///     }
/// }
/// ```
///
/// Rules for conformers: return the same views for as long as the surface shows one ad; list only views that are
/// in the surface's hierarchy; a view appears under one slot only.
@MainActor
public protocol NativeAdViewBindingSurface: NativeAdRendering {
    /// The surface's asset views, by slot.
    var assetViews: NativeAdAssetViews { get }
}
