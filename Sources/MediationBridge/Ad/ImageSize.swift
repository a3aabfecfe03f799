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
