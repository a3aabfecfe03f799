/// Hears about media downloaded lazily at register time, when the cache policy preloads nothing
/// (`MTRGNativeBannerAdMediaDelegate`).
///
/// The SDK may call from any thread.
public protocol MyTargetNativeBannerAdMediaDelegate: AnyObject, Sendable {
    /// The icon finished downloading (`onIconLoadWithNativeBannerAd:`).
    func onIconLoad(with nativeBannerAd: any MyTargetNativeBannerAdLoading)
    /// The AdChoices icon finished downloading (`onAdChoicesIconLoadWithNativeBannerAd:`).
    func onAdChoicesIconLoad(with nativeBannerAd: any MyTargetNativeBannerAdLoading)
    /// The media could not be downloaded, after the recovery policy gave up (`onMediaLoadFailedWithNativeBannerAd:`).
    func onMediaLoadFailed(with nativeBannerAd: any MyTargetNativeBannerAdLoading)
}
