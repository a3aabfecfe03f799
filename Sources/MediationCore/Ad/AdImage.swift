import Foundation

/// An image asset: where it is, how big, and its bytes once loaded.
public struct AdImage: Sendable, Hashable, Codable {
    /// Where the image is downloaded from.
    public var url: URL
    /// The pixel size, when the network says.
    public var size: ImageSize?
    /// The image's bytes, once precached or loaded; `nil` before.
    public var data: Data?

    /// Creates an image asset.
    public init(url: URL, size: ImageSize? = nil, data: Data? = nil) {
        self.url = url
        self.size = size
        self.data = data
    }

    /// Whether the bytes are loaded.
    public var isLoaded: Bool { data != nil }
}

/// A width and height in pixels (or points, as the network reports).
public struct ImageSize: Sendable, Hashable, Codable {
    /// Width.
    public var width: Double
    /// Height.
    public var height: Double

    /// Creates a size.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}
