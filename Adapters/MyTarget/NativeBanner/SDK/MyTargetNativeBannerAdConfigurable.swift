/// The request settings a native banner ad and a native banner loader share (`MTRGNativeBannerAd` and
/// `MTRGNativeBannerAdLoader`); set them before loading.
///
/// Rules for conformers: keep the values as set; apply them to the next load only.
public protocol MyTargetNativeBannerAdConfigurable: AnyObject, Sendable {
    /// The slot the ad is loaded for, fixed at creation.
    var slotId: UInt { get }
    /// Which media to download while loading (`cachePolicy`); ``MyTargetCachePolicy/all`` by default.
    var cachePolicy: MyTargetCachePolicy { get set }
    /// Where the SDK puts the AdChoices icon (`adChoicesPlacement`); ``MyTargetAdChoicesPlacement/topRight`` by
    /// default.
    var adChoicesPlacement: MyTargetAdChoicesPlacement { get set }
    /// What to do when media fails to download (`bannerMediaRecovery`); ``MyTargetBannerMediaRecovery/skip`` by
    /// default.
    var bannerMediaRecovery: MyTargetBannerMediaRecovery { get set }
    /// How long one media download may take (`bannerMediaTimeout`); `nil` keeps the SDK's default.
    var bannerMediaTimeout: Duration? { get set }
    /// Audience parameters sent with the request (`customParams`).
    var customParams: MyTargetCustomParams { get set }
}
