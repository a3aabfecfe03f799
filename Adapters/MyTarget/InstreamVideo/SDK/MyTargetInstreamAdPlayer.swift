import Foundation

/// The player an in-stream video ad plays through (`MTRGInstreamAdPlayer`); the ad calls it, never the host.
///
/// Rules for conformers: answer through ``adPlayerDelegate`` as `MTRGInstreamAdPlayerDelegate` requires: start,
/// pause, resume and stop in answer to the matching call, error with a reason, complete at the end of the video.
public protocol MyTargetInstreamAdPlayer: AnyObject, Sendable {
    /// The ad video's duration in seconds (`adVideoDuration`).
    var adVideoDuration: Double { get }
    /// The position in the ad video in seconds (`adVideoTimeElapsed`).
    var adVideoTimeElapsed: Double { get }
    /// The listener (`adPlayerDelegate`, weak in the SDK).
    var adPlayerDelegate: (any MyTargetInstreamAdPlayerDelegate)? { get set }
    /// The volume 0…1 (`volume`).
    var volume: Float { get set }
    /// Plays the ad video at `url` (`playAdVideoWithUrl:`).
    func playAdVideo(url: URL)
    /// `pauseAdVideo`.
    func pauseAdVideo()
    /// `resumeAdVideo`.
    func resumeAdVideo()
    /// `stopAdVideo`.
    func stopAdVideo()
}
