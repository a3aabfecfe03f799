import Foundation
import MediationBridge

/// An image of a native banner (`MTRGImageData`): where it is, its size and, once downloaded, its bytes.
public struct MyTargetImageData: Sendable, Hashable {
    /// Where the SDK downloads the image from (`url`).
    public var url: URL
    /// The image size the server announced (`size`), when known.
    public var size: ImageSize?
    /// The downloaded bytes (the SDK's `image` / `data`), `nil` until the SDK has loaded the image.
    public var data: Data?

    /// Creates image data.
    public init(url: URL, size: ImageSize? = nil, data: Data? = nil) {
        self.url = url
        self.size = size
        self.data = data
    }

    /// Whether the SDK has downloaded the image.
    public var isLoaded: Bool { data != nil }

    /// The image as a unified ``AdImage``.
    public var adImage: AdImage { AdImage(url: url, size: size, data: data) }
}
