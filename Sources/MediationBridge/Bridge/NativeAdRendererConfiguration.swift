/// Which renderer shows which custom events' ads (MoPub's `MPNativeAdRendererConfiguration`).
///
/// The host passes an ordered list; for each line the first configuration whose ``supportedCustomEvents``
/// lists the line's custom event renders its ad. A line with no such configuration fails as `missing_adapter`.
public struct NativeAdRendererConfiguration: Sendable {
    /// The renderer type to create.
    public var rendererType: any NativeAdRenderer.Type
    /// The settings it is created with.
    public var settings: any NativeAdRendererSettings
    /// The custom event identifiers it renders.
    public var supportedCustomEvents: [String]

    /// Creates a configuration.
    public init(
        rendererType: any NativeAdRenderer.Type,
        settings: any NativeAdRendererSettings = StaticNativeAdRendererSettings(),
        supportedCustomEvents: [String]
    ) {
        self.rendererType = rendererType
        self.settings = settings
        self.supportedCustomEvents = supportedCustomEvents
    }

    /// Whether this configuration renders ads of `customEventIdentifier`.
    package func supports(_ customEventIdentifier: String) -> Bool {
        supportedCustomEvents.contains(customEventIdentifier)
    }

    /// A new renderer of ``rendererType`` with ``settings``.
    package func makeRenderer() -> any NativeAdRenderer {
        rendererType.init(settings: settings)
    }
}
