import MyTargetAdapters

/// One loader load as the sandbox received it: the loader's settings at load time and the media attempts it
/// made. Kept by the sandbox after the loader itself is gone.
public struct MyTargetSandboxLoaderLoad: Sendable, Hashable {
    /// The loader's count.
    public var count: Int
    /// The slot.
    public var slotId: UInt
    /// The cache policy.
    public var cachePolicy: MyTargetCachePolicy
    /// The AdChoices placement.
    public var adChoicesPlacement: MyTargetAdChoicesPlacement
    /// The media recovery policy.
    public var bannerMediaRecovery: MyTargetBannerMediaRecovery
    /// The media timeout.
    public var bannerMediaTimeout: Duration?
    /// The custom params.
    public var customParams: MyTargetCustomParams
    /// How many media download attempts the load made across its banners.
    public var mediaAttemptCount: Int
}
