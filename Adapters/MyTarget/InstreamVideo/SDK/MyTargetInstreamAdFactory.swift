/// Creates the SDK's in-stream objects: the real SDK on iOS (see the module README), the sandbox elsewhere.
///
/// Rules for conformers: return a fresh, unloaded ad per call.
public protocol MyTargetInstreamAdFactory: Sendable {
    /// A new in-stream video ad (`instreamAdWithSlotId:`).
    func makeInstreamAd(slotId: UInt) -> any MyTargetInstreamAdLoading
    /// A new in-stream audio ad (`instreamAudioAdWithSlotId:`).
    func makeInstreamAudioAd(slotId: UInt) -> any MyTargetInstreamAudioAdLoading
}
