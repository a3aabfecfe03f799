/// Decides and hears about hiding the ad when the user picks "hide ad" in the AdChoices menu
/// (`MTRGNativeBannerAdChoicesOptionDelegate`).
public protocol MyTargetNativeBannerAdChoicesOptionDelegate: AnyObject, Sendable {
    /// Whether the SDK hides the ad itself (`shouldCloseAutomatically`); `true` by default.
    func shouldCloseAutomatically() -> Bool
    /// The SDK hid the ad; only when ``shouldCloseAutomatically()`` returned `true` (`onCloseAutomatically:`).
    func onCloseAutomatically(_ nativeBannerAd: any MyTargetNativeBannerAdLoading)
    /// The host must hide the ad now; only when ``shouldCloseAutomatically()`` returned `false`
    /// (`closeIfAutomaticallyDisabled:`).
    func closeIfAutomaticallyDisabled(_ nativeBannerAd: any MyTargetNativeBannerAdLoading)
}

extension MyTargetNativeBannerAdChoicesOptionDelegate {
    /// `true` by default: the SDK hides the ad.
    public func shouldCloseAutomatically() -> Bool { true }
}
