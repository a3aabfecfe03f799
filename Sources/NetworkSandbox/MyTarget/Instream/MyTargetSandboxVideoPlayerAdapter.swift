import Foundation
import MediationBridge
import MediationSupport
import MyTargetAdapters

/// Lets the sandbox engine drive the video player the SDK was given (`MTRGInstreamAdPlayer`) as a core player.
final class MyTargetSandboxVideoPlayerAdapter: InstreamAdPlayer, MyTargetInstreamAdPlayerDelegate {
    private struct Listener {
        weak var delegate: (any InstreamAdPlayerDelegate)?
    }

    let player: any MyTargetInstreamAdPlayer
    private let listener = Locked(Listener())

    init(player: any MyTargetInstreamAdPlayer) {
        self.player = player
    }

    var adDuration: TimeInterval { player.adVideoDuration }
    var adTimeElapsed: TimeInterval { player.adVideoTimeElapsed }
    var volume: Double {
        get { Double(player.volume) }
        set { player.volume = Float(newValue) }
    }
    var playerDelegate: (any InstreamAdPlayerDelegate)? {
        get { listener.withLock { $0.delegate } }
        set {
            listener.withLock { $0.delegate = newValue }
            player.adPlayerDelegate = newValue == nil ? nil : self
        }
    }

    func play(url: URL) { player.playAdVideo(url: url) }
    func pause() { player.pauseAdVideo() }
    func resume() { player.resumeAdVideo() }
    func stop() { player.stopAdVideo() }

    private var delegate: (any InstreamAdPlayerDelegate)? { listener.withLock { $0.delegate } }

    func onAdVideoStart() { delegate?.playerDidStart() }
    func onAdVideoPause() { delegate?.playerDidPause() }
    func onAdVideoResume() { delegate?.playerDidResume() }
    func onAdVideoStop() { delegate?.playerDidStop() }
    func onAdVideoError(reason: String) { delegate?.playerDidFail(reason: reason) }
    func onAdVideoComplete() { delegate?.playerDidComplete() }
}
