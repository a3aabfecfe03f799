/// What an audio player reports to the ad (`MTRGInstreamAudioAdPlayerDelegate`).
///
/// Rules for conformers: accept calls from any thread.
public protocol MyTargetInstreamAudioAdPlayerDelegate: AnyObject, Sendable {
    /// `onAdAudioStart`.
    func onAdAudioStart()
    /// `onAdAudioPause`.
    func onAdAudioPause()
    /// `onAdAudioResume`.
    func onAdAudioResume()
    /// `onAdAudioStop`.
    func onAdAudioStop()
    /// `onAdAudioErrorWithReason:`.
    func onAdAudioError(reason: String)
    /// `onAdAudioComplete`.
    func onAdAudioComplete()
}
