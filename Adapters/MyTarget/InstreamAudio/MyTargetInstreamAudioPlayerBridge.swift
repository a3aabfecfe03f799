import Foundation
import MediationBridge
import MediationSupport

/// Presents the session's ``InstreamAdPlayer`` to the SDK as its audio player (`MTRGInstreamAudioAdPlayer`) and turns
/// the player's answers into `MTRGInstreamAudioAdPlayerDelegate` calls.
public final class MyTargetInstreamAudioPlayerBridge: MyTargetInstreamAudioAdPlayer, InstreamAdPlayerDelegate {
    private struct Listener {
        weak var delegate: (any MyTargetInstreamAudioAdPlayerDelegate)?
    }

    /// The wrapped player.
    public let player: any InstreamAdPlayer
    private let listener = Locked(Listener())

    /// Wraps `player`.
    public init(player: any InstreamAdPlayer) {
        self.player = player
    }

    /// The player's ad duration.
    public var adAudioDuration: Double { player.adDuration }
    /// The player's position.
    public var adAudioTimeElapsed: Double { player.adTimeElapsed }

    /// The SDK's listener; setting it makes this bridge the player's delegate.
    public var adPlayerDelegate: (any MyTargetInstreamAudioAdPlayerDelegate)? {
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
    public func playAdAudio(url: URL) { player.play(url: url) }
    /// Pauses.
    public func pauseAdAudio() { player.pause() }
    /// Resumes.
    public func resumeAdAudio() { player.resume() }
    /// Stops.
    public func stopAdAudio() { player.stop() }

    private var delegate: (any MyTargetInstreamAudioAdPlayerDelegate)? { listener.withLock { $0.delegate } }

    /// Forwards start.
    public func playerDidStart() { delegate?.onAdAudioStart() }
    /// Forwards pause.
    public func playerDidPause() { delegate?.onAdAudioPause() }
    /// Forwards resume.
    public func playerDidResume() { delegate?.onAdAudioResume() }
    /// Forwards stop.
    public func playerDidStop() { delegate?.onAdAudioStop() }
    /// Forwards an error.
    public func playerDidFail(reason: String) { delegate?.onAdAudioError(reason: reason) }
    /// Forwards completion.
    public func playerDidComplete() { delegate?.onAdAudioComplete() }
}
