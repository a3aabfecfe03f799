import MediationBridge

/// Versions of the MyTargetAdapters module and of the network SDK surface it mirrors.
public enum MyTargetAdaptersVersion {
    /// The adapter version.
    public static let adapter = "0.1.0"
    /// The MediationKit version the adapter was built against (``MediationKitVersion/current``); hosts log it
    /// next to the adapter and SDK versions when they report a network problem.
    public static let mediationKit = MediationKitVersion.current
    /// The myTarget iOS SDK version whose native banner surface (`MTRGNativeBannerAd`, `MTRGNativeBanner`,
    /// `MTRGNativeBannerAdLoader` and their delegates) the `MyTarget…` protocols and value types mirror.
    public static let sdk = "5.46.0"
}
