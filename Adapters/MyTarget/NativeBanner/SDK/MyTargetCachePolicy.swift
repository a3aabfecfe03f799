/// Which media the SDK downloads while it loads an ad (`MTRGCachePolicy`).
///
/// A native banner has no video, so ``images`` preloads the same media as ``all``: the icon and the AdChoices
/// icon. With ``none`` the SDK downloads them when the view is registered and reports through the media
/// delegate.
public enum MyTargetCachePolicy: Sendable, Hashable, CaseIterable {
    /// Preload every image and video (the SDK's default).
    case all
    /// Preload images only.
    case images
    /// Preload nothing; load media lazily at register time.
    case none

    /// Whether the native banner's images (icon, AdChoices icon) are downloaded before the load is reported.
    public var preloadsBannerImages: Bool { self != .none }
}
