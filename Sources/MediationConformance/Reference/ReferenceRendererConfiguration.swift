import MediationCore

/// The reference adapter's renderer configuration: the static renderer, listing the reference custom event.
public enum ReferenceRendererConfiguration {
    /// The configuration; a host adds it to its registry.
    public static func make(
        settings: any NativeAdRendererSettings = StaticNativeAdRendererSettings()
    ) -> NativeAdRendererConfiguration {
        StaticNativeAdRenderer.configuration(settings: settings, customEvents: [ReferenceNativeCustomEvent.identifier])
    }
}
