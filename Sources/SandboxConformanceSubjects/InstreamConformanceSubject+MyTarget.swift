import MediationConformance
import MediationCore
import MediationTesting
import MyTargetAdapters
import NetworkSandbox

extension InstreamConformanceSubject {
    /// `MyTargetInstreamVideoCustomEvent` over ``MyTargetSandboxInstreamFactory``.
    public static let myTargetInstreamVideo = InstreamConformanceSubject(
        name: "myTarget in-stream video", customEventIdentifier: MyTargetInstreamVideoCustomEvent.identifier,
        format: .video, info: ["slotId": .string("1357")],
        expectations: InstreamConformanceExpectations(requiredInfoKeys: ["slotId"])
    ) { script, clock in
        let factory = MyTargetSandboxInstreamFactory(clock: clock, videoScript: script, audioScript: script)
        return Instance(
            customEvent: MyTargetInstreamVideoCustomEvent(factory: factory), network: { factory.videoAds.first }
        ) { factory.videoAds.first?.networkCallLog ?? [] }
    }

    /// `MyTargetInstreamAudioCustomEvent` over ``MyTargetSandboxInstreamFactory``.
    public static let myTargetInstreamAudio = InstreamConformanceSubject(
        name: "myTarget in-stream audio", customEventIdentifier: MyTargetInstreamAudioCustomEvent.identifier,
        format: .audio, info: ["slotId": .string("1357")],
        expectations: InstreamConformanceExpectations(requiredInfoKeys: ["slotId"])
    ) { script, clock in
        let factory = MyTargetSandboxInstreamFactory(clock: clock, videoScript: script, audioScript: script)
        return Instance(
            customEvent: MyTargetInstreamAudioCustomEvent(factory: factory), network: { factory.audioAds.first }
        ) { factory.audioAds.first?.networkCallLog ?? [] }
    }
}
