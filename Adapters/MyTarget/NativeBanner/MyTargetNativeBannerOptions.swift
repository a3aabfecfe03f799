/// A line's settings for a myTarget native banner request, read from its custom-event info
/// (see ``MyTargetNativeBannerInfoKey`` for the keys).
public struct MyTargetNativeBannerOptions: Sendable, Hashable {
    /// The slot to load.
    public var slotId: UInt
    /// Which media the SDK downloads while loading.
    public var cachePolicy: MyTargetCachePolicy
    /// Where the AdChoices icon goes.
    public var adChoicesPlacement: MyTargetAdChoicesPlacement
    /// What the SDK does when media fails to download.
    public var bannerMediaRecovery: MyTargetBannerMediaRecovery
    /// How long one media download may take; `nil` keeps the SDK's default.
    public var bannerMediaTimeout: Duration?
    /// Whether the SDK hides the ad itself when the user picks "hide ad" in the AdChoices menu.
    public var closesAutomatically: Bool

    /// Creates options; everything but the slot has the SDK's default.
    public init(
        slotId: UInt,
        cachePolicy: MyTargetCachePolicy = .all,
        adChoicesPlacement: MyTargetAdChoicesPlacement = .topRight,
        bannerMediaRecovery: MyTargetBannerMediaRecovery = .skip,
        bannerMediaTimeout: Duration? = nil,
        closesAutomatically: Bool = true
    ) {
        self.slotId = slotId
        self.cachePolicy = cachePolicy
        self.adChoicesPlacement = adChoicesPlacement
        self.bannerMediaRecovery = bannerMediaRecovery
        self.bannerMediaTimeout = bannerMediaTimeout
        self.closesAutomatically = closesAutomatically
    }

    /// Applies the options and `customParams` to an SDK ad or loader before its load.
    public func apply(to target: any MyTargetNativeBannerAdConfigurable, customParams: MyTargetCustomParams) {
        target.cachePolicy = cachePolicy
        target.adChoicesPlacement = adChoicesPlacement
        target.bannerMediaRecovery = bannerMediaRecovery
        target.bannerMediaTimeout = bannerMediaTimeout
        target.customParams = customParams
    }
}
