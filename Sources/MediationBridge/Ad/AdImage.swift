import Foundation

/// An image asset: a URL image the host downloads, or an image the network's SDK handed over itself (bytes, or
/// an opaque object its renderer can draw), with its size.
///
/// - A **URL image** has ``url`` and, once precached, ``data``. Its URL is content: ``MediationURLPolicy``
///   decides whether it may be fetched.
/// - A **network-provided image** has no ``url``: the SDK gave its ``data`` (encoded
///   image bytes) or a ``networkImage`` handle (such as a `UIImage` the SDK decoded), as Yandex Mobile Ads and
///   Google's loaded `NativeAdImage` do. It is never fetched and never turned into a URL (no `data:` URL is ever
///   made from it), so the URL policy has nothing to refuse.
///
/// Every image has a URL, bytes or a handle; ``NativeAdProperties`` refuses one with none of them.
public struct AdImage: Sendable, Hashable {
    /// Where the image is downloaded from; `nil` for a network-provided image.
    public var url: URL?
    /// The pixel size, when the network says.
    public var size: ImageSize?
    /// The image's encoded bytes: precached from ``url``, or handed over by the network; `nil` before.
    public var data: Data?
    /// The network SDK's own image object, when it gave one instead of bytes or a URL.
    public var networkImage: NetworkImageHandle?

    /// Creates a URL image.
    public init(url: URL, size: ImageSize? = nil, data: Data? = nil) {
        self.url = url
        self.size = size
        self.data = data
    }

    /// Creates a network-provided image from the encoded bytes the SDK handed over.
    public init(networkData: Data, size: ImageSize? = nil) {
        self.data = networkData
        self.size = size
    }

    /// Creates a network-provided image from the SDK's own image object.
    public init(networkImage: NetworkImageHandle, size: ImageSize? = nil, data: Data? = nil) {
        self.networkImage = networkImage
        self.size = size
        self.data = data
    }

    /// Whether the image can be drawn without a download: it has bytes or a network handle.
    public var isLoaded: Bool { data != nil || networkImage != nil }

    /// Whether the network handed the image over without a URL (bytes or a handle).
    package var isNetworkProvided: Bool { url == nil }

    /// The URL to download, when the image still needs one: a URL image without bytes or handle.
    package var urlToDownload: URL? { isLoaded ? nil : url }
}
