/// What a video player reports to the ad (`MTRGInstreamAdPlayerDelegate`).
///
/// Rules for conformers: accept calls from any thread.
public protocol MyTargetInstreamAdPlayerDelegate: AnyObject, Sendable {
    /// `onAdVideoStart`.
    func onAdVideoStart()
    /// `onAdVideoPause`.
    func onAdVideoPause()
    /// `onAdVideoResume`.
    func onAdVideoResume()
    /// `onAdVideoStop`.
    func onAdVideoStop()
    /// `onAdVideoErrorWithReason:`.
    func onAdVideoError(reason: String)
    /// `onAdVideoComplete`.
    func onAdVideoComplete()
}
