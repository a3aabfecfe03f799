/// The renderer for view-binding networks: fills the surface's slots as ``StaticNativeAdRenderer`` does, then
/// hands the surface's asset views to the adapter to bind (``NativeAdViewBindingAdapter``).
///
/// - An adapter that does not bind (or whose ``NativeAdViewBindingAdapter/bindsAssetViews`` is `false`) is only
///   filled, so one configuration can list binding and drawing networks together.
/// - A binding adapter needs a ``NativeAdViewBindingSurface``; otherwise rendering throws
///   ``MediationError/invalidConfiguration(path:reason:)`` with path `surface`.
/// - A required slot (``NativeAdViewBindingAdapter/requiredAssetViewSlots``) or a slot the network draws itself
///   (``NativeAdViewBindingAdapter/networkDrawnSlots``) without a view throws with path `assetViews.SLOT`, naming
///   the network's asset; nothing is bound then.
public struct ViewBindingNativeAdRenderer: NativeAdRenderer {
    /// The settings the renderer was made with.
    package let settings: any NativeAdRendererSettings

    /// Creates the renderer.
    public init(settings: any NativeAdRendererSettings = StaticNativeAdRendererSettings()) {
        self.settings = settings
    }

    /// A configuration listing `customEvents`.
    public static func configuration(
        settings: any NativeAdRendererSettings = StaticNativeAdRendererSettings(), customEvents: [String]
    ) -> NativeAdRendererConfiguration {
        NativeAdRendererConfiguration(
            rendererType: ViewBindingNativeAdRenderer.self, settings: settings, supportedCustomEvents: customEvents)
    }

    /// Fills the surface, then binds its asset views when the adapter binds views.
    @MainActor
    public func render(_ adapter: any NativeAdAdapter, into surface: any NativeAdRendering) throws(MediationError) {
        guard let binding = adapter as? any NativeAdViewBindingAdapter, binding.bindsAssetViews else {
            return try StaticNativeAdRenderer(settings: settings).render(adapter, into: surface)
        }
        guard let bindingSurface = surface as? any NativeAdViewBindingSurface else {
            throw .invalidConfiguration(
                path: "surface",
                reason: "the ad's network binds the host's asset views, and \(type(of: surface)) offers none"
                    + " (adopt NativeAdViewBindingSurface)")
        }
        let views = bindingSurface.assetViews
        try views.checkViews(for: binding.requiredAssetViewSlots.union(binding.networkDrawnSlots)) {
            binding.assetName(for: $0)
        }
        StaticNativeAdRenderer(settings: settings).fill(adapter, into: surface)
        try binding.bind(views, in: surface)
    }
}
