import Foundation
import MediationBridge
import MediationSupport
import MyTargetAdapters

/// Lets the sandbox engine drive the audio player the SDK was given (`MTRGInstreamAudioAdPlayer`) as a core player.
final class MyTargetSandboxAudioPlayerAdapter: InstreamAdPlayer, MyTargetInstreamAudioAdPlayerDelegate {
    private struct Listener {
        weak var delegate: (any InstreamAdPlayerDelegate)?
    }

    let player: any MyTargetInstreamAudioAdPlayer
    private let listener = Locked(Listener())

    init(player: any MyTargetInstreamAudioAdPlayer) {
        self.player = player
    }

    var adDuration: TimeInterval { player.adAudioDuration }
    var adTimeElapsed: TimeInterval { player.adAudioTimeElapsed }
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

    func play(url: URL) { player.playAdAudio(url: url) }
    func pause() { player.pauseAdAudio() }
    func resume() { player.resumeAdAudio() }
    func stop() { player.stopAdAudio() }

    private var delegate: (any InstreamAdPlayerDelegate)? { listener.withLock { $0.delegate } }

    func onAdAudioStart() { delegate?.playerDidStart() }
    func onAdAudioPause() { delegate?.playerDidPause() }
    func onAdAudioResume() { delegate?.playerDidResume() }
    func onAdAudioStop() { delegate?.playerDidStop() }
    func onAdAudioError(reason: String) { delegate?.playerDidFail(reason: reason) }
    func onAdAudioComplete() { delegate?.playerDidComplete() }
}
