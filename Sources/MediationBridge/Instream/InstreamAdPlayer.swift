import Foundation

/// The player that plays in-stream ad media (video or audio): the host's own player, or a default one.
///
/// The network side of a session calls the player; the player answers only through its
/// ``InstreamAdPlayerDelegate``, never by return value.
///
/// Rules for conformers: answer every ``play(url:)`` with `didStart` or `didFail(reason:)`, every ``pause()`` with
/// `didPause`, every ``resume()`` with `didResume` and every ``stop()`` with `didStop`; report `didComplete` when the
/// media ends by itself. Keep ``adDuration`` and ``adTimeElapsed`` current in seconds. Answers may come on any thread.
public protocol InstreamAdPlayer: AnyObject, Sendable {
    /// The duration of the ad media now loaded, in seconds (0 before playback starts).
    var adDuration: TimeInterval { get }
    /// The playback position of the ad media, in seconds.
    var adTimeElapsed: TimeInterval { get }
    /// The volume, 0…1.
    var volume: Double { get set }
    /// The listener the player answers to; the caller sets it before playing.
    var playerDelegate: (any InstreamAdPlayerDelegate)? { get set }

    /// Starts playing the ad media at `url`.
    func play(url: URL)
    /// Pauses playback.
    func pause()
    /// Resumes paused playback.
    func resume()
    /// Stops playback.
    func stop()
}
