import MediationBridge

/// The SDK's multi-ad loader (`MTRGNativeBannerAdLoader`): loads up to ``count`` native banners in one request.
///
/// Rules for conformers: call the completion once with 0…``count`` ads, each already loaded (its `banner`
/// set), in server order, and an error only when the request itself failed. A banner whose media fails for
/// good under the recovery policy is skipped; the others are still returned.
public protocol MyTargetNativeBannerAdLoaderLoading: MyTargetNativeBannerAdConfigurable {
    /// The most ads to load, 1…20, fixed at creation.
    var count: Int { get }

    /// Loads the ads (`loadWithCompletionBlock:`).
    func load(completion: @escaping @Sendable ([any MyTargetNativeBannerAdLoading], MyTargetAdLoadingError?) -> Void)
}

/// The loader's count bounds (`loaderForCount:slotId:` accepts 1 to 20).
public enum MyTargetNativeBannerAdLoaderCount {
    /// The counts a loader accepts.
    public static let range: ClosedRange<Int> = 1...20

    /// Checks a loader count.
    ///
    /// - Throws: ``MediationError/invalidConfiguration(path:reason:)`` with path `count` when `count` is outside
    ///   1…20.
    public static func validate(_ count: Int) throws(MediationError) {
        guard range.contains(count) else {
            throw .invalidConfiguration(
                path: "count",
                reason: "a myTarget native banner loader takes 1...20 ads, got \(count)")
        }
    }
}
