import MediationBridge

/// Creates the TAMedia objects the custom event uses: the real `TAMediaAdsFramework` on iOS (see the README's
/// glue), the sandbox on Linux.
///
/// Rules for conformers: return fresh objects per call; use `context.clock` for any simulated delay.
public protocol TAMediaSDKFactory: Sendable {
    /// A new native ad for `adUnitId` (`[[TAMediaSDKNativeAd alloc] initWithAdUnitId:]`).
    func makeNativeAd(adUnitId: String, context: NativeAdRequestContext) -> any TAMediaSDKNativeAd

    /// A new, empty ad view with its subviews (`[TAMediaSDKNativeAdView new]` plus labels, image views, media view).
    func makeNativeAdView() -> any TAMediaSDKNativeAdView
}
