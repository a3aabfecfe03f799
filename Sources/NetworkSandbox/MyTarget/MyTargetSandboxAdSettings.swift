import MyTargetAdapters

/// The request settings a sandbox ad or loader holds (the SDK's defaults until set).
struct MyTargetSandboxAdSettings: Sendable, Hashable {
    var cachePolicy: MyTargetCachePolicy = .all
    var adChoicesPlacement: MyTargetAdChoicesPlacement = .topRight
    var bannerMediaRecovery: MyTargetBannerMediaRecovery = .skip
    var bannerMediaTimeout: Duration?
    var customParams = MyTargetCustomParams()
}
