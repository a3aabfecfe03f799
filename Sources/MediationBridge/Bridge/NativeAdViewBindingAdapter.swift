/// An adapter whose network binds the host's own asset views itself (Yandex's `bindAd(to:)`, Google's
/// `GADNativeAdView.nativeAd`) instead of being drawn by a renderer, and counts impressions only after binding.
///
/// ``ViewBindingNativeAdRenderer`` fills the surface's slots as the static renderer does, checks that every
/// slot in ``requiredAssetViewSlots`` has a view (a clear error naming the asset otherwise), then calls
/// ``bind(_:in:)``. While ``bindsAssetViews`` is `true`, ``NativeAd`` ignores every impression (the host's and
/// the network's) until ``isBoundToAssetViews``, and refuses a renderer that did not bind.
///
/// Rules for conformers:
/// - ``bind(_:in:)`` registers the views with the network on the main actor and may throw (the SDK refused the
///   binding: name the asset and the reason); after it returns, ``isBoundToAssetViews`` is `true`.
/// - Unbind in ``NativeAdAdapter/didDetach(from:)`` (``isBoundToAssetViews`` turns `false`), so a reused cell
///   can be bound to the next ad.
/// - Read ``isBoundToAssetViews`` from any thread (keep it in `Locked`).
/// - An asset the SDK draws itself into a view the host provides (its own media view, icon or AdChoices, with no
///   URL and no bytes to put in ``NativeAdAdapter/properties``) is listed in ``networkDrawnSlots``: the renderer
///   then requires a view for it, and ``StaticNativeAdRenderer`` refuses the ad instead of drawing a card
///   without it.
public protocol NativeAdViewBindingAdapter: NativeAdAdapter {
    /// Whether this ad is shown by binding views; `true` by default. An adapter that supports both paths returns
    /// what the line configured.
    var bindsAssetViews: Bool { get }

    /// The slots the network requires a view for.
    var requiredAssetViewSlots: Set<NativeAdAssetViewSlot> { get }

    /// The slots whose asset the network draws itself into the view the host provides (such as ``NativeAdAssetViewSlot/media``,
    /// ``NativeAdAssetViewSlot/icon`` and ``NativeAdAssetViewSlot/privacyIcon`` for an SDK that hands over no
    /// image URL or bytes); empty by default.
    ///
    /// Rules for conformers: list every asset the properties cannot carry; while ``bindsAssetViews`` is `true`,
    /// ``ViewBindingNativeAdRenderer`` requires a view for each of them as for ``requiredAssetViewSlots``, and
    /// ``StaticNativeAdRenderer`` refuses the ad, naming the slot.
    var networkDrawnSlots: Set<NativeAdAssetViewSlot> { get }

    /// The network's name for the asset shown in `slot` (such as Google's `Headline`), for error messages;
    /// `nil` by default (the slot's name is used).
    func assetName(for slot: NativeAdAssetViewSlot) -> String?

    /// Whether the ad is bound to a surface's views now.
    var isBoundToAssetViews: Bool { get }

    /// Registers `views` of `surface` with the network.
    @MainActor
    func bind(_ views: NativeAdAssetViews, in surface: any NativeAdRendering) throws(MediationError)
}

extension NativeAdViewBindingAdapter {
    /// `true` by default.
    public var bindsAssetViews: Bool { true }
    /// Empty by default.
    public var networkDrawnSlots: Set<NativeAdAssetViewSlot> { [] }
    /// `nil` by default.
    public func assetName(for slot: NativeAdAssetViewSlot) -> String? { nil }
}
