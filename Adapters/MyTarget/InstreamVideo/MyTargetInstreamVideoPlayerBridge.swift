import Foundation
import MediationBridge
import MediationSupport

/// Presents the session's ``InstreamAdPlayer`` to the SDK as its video player (`MTRGInstreamAdPlayer`) and turns
/// the player's answers into `MTRGInstreamAdPlayerDelegate` calls.
public final class MyTargetInstreamVideoPlayerBridge: MyTargetInstreamAdPlayer, InstreamAdPlayerDelegate {
    private struct Listener {
        weak var delegate: (any MyTargetInstreamAdPlayerDelegate)?
    }

    /// The wrapped player.
    public let player: any InstreamAdPlayer
    private let listener = Locked(Listener())

    /// Wraps `player`.
    public init(player: any InstreamAdPlayer) {
        self.player = player
    }

    /// The player's ad duration.
    public var adVideoDuration: Double { player.adDuration }
    /// The player's position.
    public var adVideoTimeElapsed: Double { player.adTimeElapsed }

    /// The SDK's listener; setting it makes this bridge the player's delegate.
    public var adPlayerDelegate: (any MyTargetInstreamAdPlayerDelegate)? {
        get { listener.withLock { $0.delegate } }
        set {
            listener.withLock { $0.delegate = newValue }
            player.playerDelegate = newValue == nil ? nil : self
        }
    }

    /// The player's volume.
    public var volume: Float {
        get { Float(player.volume) }
        set { player.volume = Double(newValue) }
    }

    /// Plays `url`.
    public func playAdVideo(url: URL) { player.play(url: url) }
    /// Pauses.
    public func pauseAdVideo() { player.pause() }
    /// Resumes.
    public func resumeAdVideo() { player.resume() }
    /// Stops.
    public func stopAdVideo() { player.stop() }

    private var delegate: (any MyTargetInstreamAdPlayerDelegate)? { listener.withLock { $0.delegate } }

    /// Forwards start.
    public func playerDidStart() { delegate?.onAdVideoStart() }
    /// Forwards pause.
    public func playerDidPause() { delegate?.onAdVideoPause() }
    /// Forwards resume.
    public func playerDidResume() { delegate?.onAdVideoResume() }
    /// Forwards stop.
    public func playerDidStop() { delegate?.onAdVideoStop() }
    /// Forwards an error.
    public func playerDidFail(reason: String) { delegate?.onAdVideoError(reason: reason) }
    /// Forwards completion.
    public func playerDidComplete() { delegate?.onAdVideoComplete() }
}
