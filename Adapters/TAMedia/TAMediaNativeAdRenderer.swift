import MediationBridge

/// Shows TAMedia ads (`TAMediaCustomNativeAdRenderer` in TAMedia's MoPub guide).
///
/// Its configuration lists the `TAMediaCustomNativeAdEvent` custom event; it takes ``viewSizeHandler`` from its
/// settings. Rendering mirrors the guide's `retrieveViewWithAdapter:`: the host's surface is nested in TAMedia's
/// view, and for each slot the surface offers — and only those — the slot is filled from the properties and the
/// matching TAMedia subview is moved into it:
///
/// | Slot | Filled with | TAMedia subview |
/// |---|---|---|
/// | title | `title` (long subject) | `longSubjectLabel` |
/// | main text | `text` (body) | `bodyLabel` |
/// | call to action | `ctatext` | `callToActionView` |
/// | icon | `iconimage` (square icon) | `squareImgeView` |
/// | main media, else main image | `mainmediaview` | `mediaView` |
///
/// Texts that are absent hide their label. Ads of other adapters are filled the same way, without TAMedia's
/// view.
public struct TAMediaNativeAdRenderer: NativeAdRenderer {
    /// The custom events this renderer shows.
    public static let supportedCustomEvents = [TAMediaCustomNativeAdEvent.identifier]

    /// The settings the renderer was made with.
    public let settings: any NativeAdRendererSettings
    /// Maximum width → the ad view's size, from the settings.
    public let viewSizeHandler: (@Sendable (Double) -> NativeAdViewSize)?
    /// The surface type ads are shown in, from the settings.
    public let renderingSurfaceType: (any NativeAdRendering.Type)?

    /// Creates the renderer from its settings (the guide's `initWithRendererSettings:`).
    public init(settings: any NativeAdRendererSettings) {
        self.settings = settings
        self.viewSizeHandler = settings.viewSizeHandler
        self.renderingSurfaceType = settings.renderingSurfaceType
    }

    /// The configuration that makes this renderer show `TAMediaCustomNativeAdEvent` ads (the guide's
    /// `rendererConfigurationWithRendererSettings:`).
    public static func configuration(settings: any NativeAdRendererSettings = TAMediaNativeAdRendererSettings())
        -> NativeAdRendererConfiguration
    {
        NativeAdRendererConfiguration(
            rendererType: TAMediaNativeAdRenderer.self, settings: settings,
            supportedCustomEvents: supportedCustomEvents)
    }

    /// Fills the offered slots of `surface` and moves TAMedia's subviews into them.
    @MainActor
    public func render(_ adapter: any NativeAdAdapter, into surface: any NativeAdRendering) throws(MediationError) {
        let slots = surface.availableSlots
        let properties = adapter.properties
        let tamediaView = (adapter as? TAMediaNativeAdAdapter)?.nativeAdView
        tamediaView?.embed(surface)
        func show(_ slot: NativeAdSlot, _ content: NativeAdSlotContent?, _ element: TAMediaSDKNativeAdViewElement) {
            guard slots.contains(slot) else { return }
            if let content { surface.fill(slot, with: content) }
            tamediaView?.place(element, in: slot, of: surface)
        }
        show(.title, .text(properties.text(.title)), .longSubjectLabel)
        show(.mainText, .text(properties.text(.text)), .bodyLabel)
        show(.callToAction, .text(properties.text(.callToAction)), .callToActionView)
        show(.icon, properties.image(.iconImage).map(NativeAdSlotContent.image), .squareImageView)
        let media = properties.media(.mainMedia).map(NativeAdSlotContent.media)
        show(slots.contains(.mainMedia) ? .mainMedia : .mainImage, media, .mediaView)
    }
}
