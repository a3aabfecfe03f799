import MediationBridge

/// Versions of the GoogleCustomNativeAdapter module and of the network SDK surface it mirrors.
public enum GoogleCustomNativeAdapterVersion {
    /// The adapter version.
    public static let adapter = "0.1.0"
    /// The MediationKit version the adapter was built against (``MediationKitVersion/current``); hosts log it
    /// next to the adapter and SDK versions when they report a network problem.
    public static let mediationKit = MediationKitVersion.current
    /// The SDK whose surface the module declares (`GoogleSDKCustomNativeAd`, `GoogleSDKAdLoader`, …).
    public static let sdkName = "Google Mobile Ads SDK (iOS)"
    /// The SDK version the surface mirrors: 11, whose Swift names (`CustomNativeAd`, `AdLoader`,
    /// `NativeAssetIdentifier.adChoicesViewAsset`) Google's custom native format guide uses.
    public static let sdkVersion = "11.0.0"
    /// The oldest SDK with this surface: 8.0.0 renamed `GADNativeCustomTemplateAd` / `templateID` to
    /// `GoogleSDKCustomNativeAd` / `formatID`.
    public static let minimumSDKVersion = "8.0.0"
}
