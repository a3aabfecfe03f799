import Foundation
import MediationBridge

/// An image of a TAMedia native ad (the objects behind `iconSquare` and `iconRect`).
///
/// TAMedia's guide reads `adContent.iconSquare.image`: the real object holds a `UIImage` once loaded; this stand-in
/// holds the URL and, once loaded, the bytes.
public struct TAMediaSDKNativeAdImage: Sendable, Hashable {
    /// Where the image is downloaded from.
    public var url: URL?
    /// The loaded image's bytes (the real SDK's `image`), or `nil`.
    public var imageData: Data?
    /// The image's size, when known.
    public var size: ImageSize?

    /// Creates an image.
    public init(url: URL?, imageData: Data? = nil, size: ImageSize? = nil) {
        self.url = url
        self.imageData = imageData
        self.size = size
    }
}
