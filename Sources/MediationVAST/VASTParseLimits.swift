/// The bounds a VAST document is read within: a document past any of them is refused with error 100 before or
/// while it is parsed, so that no input can exhaust memory or time.
///
/// The defaults hold any real VAST response (a 200 KB pod of 20 ads is far inside them). Raise them only for a
/// source that is trusted to send larger documents.
public struct VASTParseLimits: Sendable, Equatable {
    /// The most bytes of one document (default 4 MiB); a longer document is refused unread.
    public var maxBytes: Int
    /// The deepest element nesting (default 64).
    public var maxDepth: Int
    /// The most elements in one document (default 100,000).
    public var maxElements: Int
    /// The most `Ad` elements in one document (default 200).
    public var maxAds: Int

    /// Creates limits; every value is clamped to at least 1.
    public init(maxBytes: Int = 4 << 20, maxDepth: Int = 64, maxElements: Int = 100_000, maxAds: Int = 200) {
        self.maxBytes = max(1, maxBytes)
        self.maxDepth = max(1, maxDepth)
        self.maxElements = max(1, maxElements)
        self.maxAds = max(1, maxAds)
    }

    /// The default limits.
    public static let standard = VASTParseLimits()
}
