import MediationBridge

/// Versions of the TAMediaAdapter module and of the network SDK surface it mirrors.
public enum TAMediaAdapterVersion {
    /// The adapter version.
    public static let adapter = "0.1.0"
    /// The MediationKit version the adapter was built against (``MediationKitVersion/current``); hosts log it
    /// next to the adapter and SDK versions when they report a network problem.
    public static let mediationKit = MediationKitVersion.current
    /// The SDK whose surface the module declares (`TAMediaSDKNativeAd`, `TAMediaSDKNativeAdContent`, `TAMediaSDKNativeAdView`, …).
    public static let sdkName = "TAMediaAdsFramework (Taiwan Mobile TAMedia Ads SDK, iOS)"
    /// The SDK version the surface mirrors: TAMedia's "SDK 8 MoPub Mediation Native" page. No public header or
    /// release of it is known, so only the major version is given.
    public static let sdkVersion = "8"
}
