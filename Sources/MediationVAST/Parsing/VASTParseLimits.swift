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
    /// The most attributes of one element (default 128; VAST's richest element, `MediaFile`, has 14).
    public var maxAttributes: Int
    /// The longest one parse may take (default 1 second); a wrapper chain's parse also ends with the chain's
    /// timeout, whichever comes first.
    public var maxParseDuration: Duration

    /// Creates limits; every count is clamped to at least 1, and the duration to at least zero.
    public init(
        maxBytes: Int = 4 << 20, maxDepth: Int = 64, maxElements: Int = 100_000, maxAds: Int = 200,
        maxAttributes: Int = 128, maxParseDuration: Duration = .seconds(1)
    ) {
        self.maxBytes = max(1, maxBytes)
        self.maxDepth = max(1, maxDepth)
        self.maxElements = max(1, maxElements)
        self.maxAds = max(1, maxAds)
        self.maxAttributes = max(1, maxAttributes)
        self.maxParseDuration = max(.zero, maxParseDuration)
    }

    /// The default limits.
    public static let standard = VASTParseLimits()
}
