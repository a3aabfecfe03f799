/// Image options for an ad loader (`GoogleSDKNativeAdImageAdLoaderOptions`).
public struct GoogleSDKNativeAdImageAdLoaderOptions: Sendable, Hashable {
    /// Whether the SDK leaves image downloading to the app (`disableImageLoading`): images then carry only
    /// their URL.
    public var disableImageLoading: Bool
    /// Whether to ask for several images where an asset has them (`shouldRequestMultipleImages`).
    public var shouldRequestMultipleImages: Bool

    /// Creates options; by default the SDK downloads one image per asset.
    public init(disableImageLoading: Bool = false, shouldRequestMultipleImages: Bool = false) {
        self.disableImageLoading = disableImageLoading
        self.shouldRequestMultipleImages = shouldRequestMultipleImages
    }
}
