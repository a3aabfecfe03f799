import InstreamSimulation
import MediationBridge
import MediationSupport
import MyTargetAdapters

/// Makes in-memory in-stream ads on one clock: video ads play ``videoScript``, audio ads ``audioScript``.
public final class MyTargetSandboxInstreamFactory: MyTargetInstreamAdFactory {
    private struct Made {
        var video: [MyTargetSandboxInstreamAd] = []
        var audio: [MyTargetSandboxInstreamAudioAd] = []
    }

    /// The clock every ad uses.
    public let clock: MediationClock
    /// What video ads load and play.
    public let videoScript: InstreamSimulationScript
    /// What audio ads load and play.
    public let audioScript: InstreamSimulationScript
    private let made = Locked(Made())

    /// Creates a factory.
    public init(clock: MediationClock, videoScript: InstreamSimulationScript, audioScript: InstreamSimulationScript) {
        self.clock = clock
        self.videoScript = videoScript
        self.audioScript = audioScript
    }

    /// The video ads made so far.
    public var videoAds: [MyTargetSandboxInstreamAd] { made.withLock { $0.video } }
    /// The audio ads made so far.
    public var audioAds: [MyTargetSandboxInstreamAudioAd] { made.withLock { $0.audio } }

    /// A new video ad.
    public func makeInstreamAd(slotId: UInt) -> any MyTargetInstreamAdLoading {
        let ad = MyTargetSandboxInstreamAd(slotId: slotId, script: videoScript, clock: clock)
        made.withLock { $0.video.append(ad) }
        return ad
    }

    /// A new audio ad.
    public func makeInstreamAudioAd(slotId: UInt) -> any MyTargetInstreamAudioAdLoading {
        let ad = MyTargetSandboxInstreamAudioAd(slotId: slotId, script: audioScript, clock: clock)
        made.withLock { $0.audio.append(ad) }
        return ad
    }
}
