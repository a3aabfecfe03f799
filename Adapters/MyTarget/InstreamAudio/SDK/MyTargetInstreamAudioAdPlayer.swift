import Foundation

/// The player an in-stream audio ad plays through (`MTRGInstreamAudioAdPlayer`); the ad calls it, never the host.
///
/// Rules for conformers: answer through ``adPlayerDelegate`` as `MTRGInstreamAudioAdPlayerDelegate` requires: start,
/// pause, resume and stop in answer to the matching call, error with a reason, complete at the end of the audio.
public protocol MyTargetInstreamAudioAdPlayer: AnyObject, Sendable {
    /// The ad audio's duration in seconds (`adAudioDuration`).
    var adAudioDuration: Double { get }
    /// The position in the ad audio in seconds (`adAudioTimeElapsed`).
    var adAudioTimeElapsed: Double { get }
    /// The listener (`adPlayerDelegate`, weak in the SDK).
    var adPlayerDelegate: (any MyTargetInstreamAudioAdPlayerDelegate)? { get set }
    /// The volume 0…1 (`volume`).
    var volume: Float { get set }
    /// Plays the ad audio at `url` (`playAdAudioWithUrl:`).
    func playAdAudio(url: URL)
    /// `pauseAdAudio`.
    func pauseAdAudio()
    /// `resumeAdAudio`.
    func resumeAdAudio()
    /// `stopAdAudio`.
    func stopAdAudio()
}
