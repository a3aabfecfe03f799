/// The listener an ``InstreamAdPlayer`` answers to.
///
/// Rules for conformers: accept calls from any thread; ignore answers that do not match a request (a `didPause`
/// nobody asked for, a second `didComplete`).
public protocol InstreamAdPlayerDelegate: AnyObject, Sendable {
    /// Playback started, in answer to `play(url:)`.
    func playerDidStart()
    /// Playback paused, in answer to `pause()`.
    func playerDidPause()
    /// Playback resumed, in answer to `resume()`.
    func playerDidResume()
    /// Playback stopped, in answer to `stop()`.
    func playerDidStop()
    /// Playback failed; `reason` says why.
    func playerDidFail(reason: String)
    /// The media played to its end.
    func playerDidComplete()
}
