/// What an in-stream audio ad reports (`MTRGInstreamAudioAdDelegate`).
///
/// Rules for conformers: accept calls from any thread, in any number.
public protocol MyTargetInstreamAudioAdDelegate: AnyObject, Sendable {
    /// `onLoadWithInstreamAudioAd:`.
    func onLoad()
    /// `onNoAdWithReason:instreamAudioAd:` (`onLoadFailedWithError:` in newer SDKs).
    func onNoAd(reason: String)
    /// `onErrorWithReason:instreamAudioAd:`: playback failed.
    func onError(reason: String)
    /// `onBannerStart:instreamAudioAd:`.
    func onBannerStart(_ banner: MyTargetInstreamAudioAdBanner)
    /// `onBannerComplete:instreamAudioAd:`.
    func onBannerComplete(_ banner: MyTargetInstreamAudioAdBanner)
    /// `onBannerTimeLeftChange:duration:instreamAudioAd:`.
    func onBannerTimeLeftChange(timeLeft: Double, duration: Double)
    /// `onCompleteWithSection:instreamAudioAd:`; `section` is `preroll`, `midroll`, `pauseroll` or `postroll`.
    func onComplete(section: String)
    /// `onShowModalWithInstreamAudioAd:`.
    func onShowModal()
    /// `onDismissModalWithInstreamAudioAd:`.
    func onDismissModal()
    /// `onLeaveApplicationWithInstreamAudioAd:`.
    func onLeaveApplication()
}
