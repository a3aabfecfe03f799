import MediationBridge

/// TAMedia's ad view (`TAMediaSDKNativeAdView`): it owns the labels, image views and media view TAMedia tracks
/// impressions and taps on.
///
/// TAMedia's guide builds one per loaded ad, assigns its subviews and its ``nativeAd``, and its renderer nests the
/// host's view inside it and moves each TAMedia subview into the matching slot of the host's view. On Linux the
/// sandbox records those moves.
///
/// Rules for conformers: assigning ``nativeAd`` registers the view for TAMedia's tracking; ``place(_:in:of:)``
/// is called only for slots the surface offers. The view methods run on the main actor, where the host's
/// surface lives.
public protocol TAMediaSDKNativeAdView: AnyObject, Sendable {
    /// The ad the view tracks (`nativeAd`).
    var nativeAd: (any TAMediaSDKNativeAd)? { get set }

    /// The content of the view's media view (`mediaView.mediaContent`).
    var mediaContent: TAMediaSDKMediaContent? { get set }

    /// Nests the host's surface inside this view (the guide's `[tadNativeAdView addSubview:mpNativeAdView]`).
    @MainActor
    func embed(_ surface: any NativeAdRendering)

    /// Moves `element` into `slot` of `surface`, sized to fill it, so that taps there reach TAMedia.
    @MainActor
    func place(_ element: TAMediaSDKNativeAdViewElement, in slot: NativeAdSlot, of surface: any NativeAdRendering)

    /// Takes the view's subviews back out of `surface`.
    @MainActor
    func remove(from surface: any NativeAdRendering)
}
