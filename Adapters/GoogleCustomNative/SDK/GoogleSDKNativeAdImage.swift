import Foundation
import MediationBridge

/// An image asset of a Google native ad (`GoogleSDKNativeAdImage`, Swift `NativeAdImage`).
///
/// The real class holds a `UIImage`; this stand-in holds the image's bytes instead. With the SDK's image
/// loading disabled (``GoogleSDKNativeAdImageAdLoaderOptions/disableImageLoading``, what the adapter asks for) only
/// ``imageURL`` is set and the adapter downloads the bytes through the host's image precacher.
public struct GoogleSDKNativeAdImage: Sendable, Hashable {
    /// Where the image is downloaded from (`imageURL`).
    public var imageURL: URL?
    /// The image's scale factor (`scale`), 1 by default.
    public var scale: Double
    /// The loaded image's bytes (the real SDK's `image`), or `nil` when not loaded.
    public var imageData: Data?
    /// The image's size (the real SDK's `image.size`), when known.
    public var size: ImageSize?

    /// Creates an image asset.
    public init(imageURL: URL?, scale: Double = 1, imageData: Data? = nil, size: ImageSize? = nil) {
        self.imageURL = imageURL
        self.scale = scale
        self.imageData = imageData
        self.size = size
    }
}
