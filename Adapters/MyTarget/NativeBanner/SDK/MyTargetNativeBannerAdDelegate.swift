/// Receives a native banner ad's events (`MTRGNativeBannerAdDelegate`).
///
/// The SDK may call from any thread. Only the load callbacks are required; the others do nothing by default.
public protocol MyTargetNativeBannerAdDelegate: AnyObject, Sendable {
    /// The ad loaded `banner` (`onLoadWithNativeBanner:nativeBannerAd:`).
    func onLoad(with banner: MyTargetNativeBanner, nativeBannerAd: any MyTargetNativeBannerAdLoading)
    /// The ad failed to load (`onLoadFailedWithError:nativeBannerAd:`).
    func onLoadFailed(with error: MyTargetAdLoadingError, nativeBannerAd: any MyTargetNativeBannerAdLoading)
    /// The ad was shown and its impression counted (`onAdShowWithNativeBannerAd:`).
    func onAdShow(with nativeBannerAd: any MyTargetNativeBannerAdLoading)
    /// The user tapped `clickedView` (`onAdClickWithClickedView:nativeBannerAd:`).
    func onAdClick(withClickedView clickedView: AnyObject?, nativeBannerAd: any MyTargetNativeBannerAdLoading)
    /// The ad is about to show a modal (`onShowModalWithNativeBannerAd:`).
    func onShowModal(with nativeBannerAd: any MyTargetNativeBannerAdLoading)
    /// The ad's modal was dismissed (`onDismissModalWithNativeBannerAd:`).
    func onDismissModal(with nativeBannerAd: any MyTargetNativeBannerAdLoading)
    /// A click is leaving the app (`onLeaveApplicationWithNativeBannerAd:`).
    func onLeaveApplication(with nativeBannerAd: any MyTargetNativeBannerAdLoading)
}

extension MyTargetNativeBannerAdDelegate {
    /// Does nothing by default.
    public func onAdShow(with nativeBannerAd: any MyTargetNativeBannerAdLoading) {}
    /// Does nothing by default.
    public func onAdClick(
        withClickedView clickedView: AnyObject?, nativeBannerAd: any MyTargetNativeBannerAdLoading
    ) {}
    /// Does nothing by default.
    public func onShowModal(with nativeBannerAd: any MyTargetNativeBannerAdLoading) {}
    /// Does nothing by default.
    public func onDismissModal(with nativeBannerAd: any MyTargetNativeBannerAdLoading) {}
    /// Does nothing by default.
    public func onLeaveApplication(with nativeBannerAd: any MyTargetNativeBannerAdLoading) {}
}
