/// What an in-stream video ad reports (`MTRGInstreamAdDelegate`).
///
/// Rules for conformers: accept calls from any thread, in any number.
public protocol MyTargetInstreamAdDelegate: AnyObject, Sendable {
    /// `onLoadWithInstreamAd:`.
    func onLoad()
    /// `onNoAdWithReason:instreamAd:` (`onLoadFailedWithError:` in newer SDKs).
    func onNoAd(reason: String)
    /// `onErrorWithReason:instreamAd:`: playback failed.
    func onError(reason: String)
    /// `onBannerStart:instreamAd:`.
    func onBannerStart(_ banner: MyTargetInstreamAdBanner)
    /// `onBannerComplete:instreamAd:`.
    func onBannerComplete(_ banner: MyTargetInstreamAdBanner)
    /// `onBannerTimeLeftChange:duration:instreamAd:`.
    func onBannerTimeLeftChange(timeLeft: Double, duration: Double)
    /// `onCompleteWithSection:instreamAd:`; `section` is `preroll`, `midroll`, `pauseroll` or `postroll`.
    func onComplete(section: String)
    /// `onShowModalWithInstreamAd:`.
    func onShowModal()
    /// `onDismissModalWithInstreamAd:`.
    func onDismissModal()
    /// `onLeaveApplicationWithInstreamAd:`.
    func onLeaveApplication()
}
