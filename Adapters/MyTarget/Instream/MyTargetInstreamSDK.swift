import MediationBridge

/// What differs between myTarget's in-stream video SDK (`MTRGInstreamAd`) and audio SDK (`MTRGInstreamAudioAd`)
/// for the adapter: the types, and the calls whose names say video or audio. ``MyTargetInstreamVideoSDK`` and
/// ``MyTargetInstreamAudioSDK`` fill it in; ``MyTargetInstreamCore`` is written once over it.
protocol MyTargetInstreamSDK {
    /// The SDK ad: `any MyTargetInstreamAdLoading` or `any MyTargetInstreamAudioAdLoading`.
    associatedtype Ad: Sendable
    /// The player presented to the SDK ad: ``MyTargetInstreamVideoPlayerBridge`` or
    /// ``MyTargetInstreamAudioPlayerBridge``.
    associatedtype Player: Sendable
    /// What the SDK ad reports to: `any MyTargetInstreamAdDelegate` or `any MyTargetInstreamAudioAdDelegate`.
    associatedtype Delegate
    /// The banner the SDK ad reports: ``MyTargetInstreamAdBanner`` or ``MyTargetInstreamAudioAdBanner``.
    associatedtype Banner

    /// A new SDK ad for `slotId` (`instreamAdWithSlotId:` or `instreamAudioAdWithSlotId:`).
    static func makeAd(slotId: UInt, factory: any MyTargetInstreamAdFactory) -> Ad
    /// The session's `player` presented as the SDK's player.
    static func makePlayer(_ player: any InstreamAdPlayer) -> Player
    /// The load call: gives `ad` its player (`nil`: the SDK's own, `useDefaultPlayer`), `customParams` and
    /// midpoints (`configureMidpoints…:for…Duration:`) from `request`, then its `delegate`, then calls `load`.
    static func load(_ ad: Ad, player: Player?, request: InstreamAdRequest, delegate: Delegate)
    /// Detaches `delegate` from `ad` and stops it.
    static func release(_ ad: Ad)
    /// The midroll positions `ad` has ads for, after load (`midpoints`).
    static func midpoints(of ad: Ad) -> [Double]
    /// The core's view of `banner`.
    static func banner(_ banner: Banner) -> InstreamAdBanner
}
