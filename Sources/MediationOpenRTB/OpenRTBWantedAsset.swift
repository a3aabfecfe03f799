import MediationBridge

/// One asset a renderer can show, as the host declares it to ``OpenRTBNativeRequest/init(wantedAssets:placementType:context:)``:
/// the unified key, whether the ad is useless without it, and for images the smallest size worth showing.
public struct OpenRTBWantedAsset: Sendable, Hashable {
    /// The unified key the renderer reads (``NativeAdPropertyKey/title``, ``NativeAdPropertyKey/mainImage``, …).
    public var key: NativeAdPropertyKey
    /// Whether the renderer needs it: a bid without it is invalid.
    public var isRequired: Bool
    /// For images, the smallest width and height in pixels worth showing; ignored for other keys.
    public var minimumSize: ImageSize?

    /// Creates a wanted asset.
    public init(_ key: NativeAdPropertyKey, isRequired: Bool = false, minimumSize: ImageSize? = nil) {
        self.key = key
        self.isRequired = isRequired
        self.minimumSize = minimumSize
    }
}
