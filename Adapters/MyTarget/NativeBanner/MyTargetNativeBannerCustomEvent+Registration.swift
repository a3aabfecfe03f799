import MediationBridge

extension MyTargetNativeBannerCustomEvent {
    /// Registers the custom event under ``identifier``, making a fresh one per line from `factory` (with the
    /// host's AdChoices menu when `adChoicesMenuFactory` is given).
    ///
    /// - Throws: ``MediationError/invalidConfiguration(path:reason:)`` when the identifier is already taken.
    public static func register(
        in registry: inout MediationRegistry, factory: any MyTargetNativeBannerAdFactory,
        viewRegistry: MyTargetViewRegistry = .shared, adChoicesMenuFactory: (any MyTargetMenuFactory)? = nil
    ) throws(MediationError) {
        try registry.registerCustomEvent(identifier) {
            MyTargetNativeBannerCustomEvent(
                factory: factory, viewRegistry: viewRegistry, adChoicesMenuFactory: adChoicesMenuFactory)
        }
    }

    /// A static renderer configuration listing ``identifier``.
    public static func rendererConfiguration(
        settings: any NativeAdRendererSettings = StaticNativeAdRendererSettings()
    ) -> NativeAdRendererConfiguration {
        StaticNativeAdRenderer.configuration(settings: settings, customEvents: [identifier])
    }
}
