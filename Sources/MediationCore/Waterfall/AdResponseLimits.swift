/// The most an ad response may hold; past a limit the parser refuses what is over it with an error naming the
/// limit, so that a hostile or broken server cannot make a load slow, huge or chatty.
///
/// The defaults suit any real waterfall (MoPub's had a few dozen entries at most) with a wide margin; they
/// are listed in docs/reliability.md.
public struct AdResponseLimits: Sendable, Hashable, Codable {
    /// The largest response body, in bytes: 1 MiB by default (the HTTP source's cap as well).
    public var maximumResponseBytes: Int
    /// The most `ad-responses` entries read from one page: 100 by default; later entries are dropped with
    /// an error.
    public var maximumLinesPerResponse: Int
    /// The most URLs in one tracker key of one entry (`imptrackers`, `clicktrackers`, `x-before-load-url`,
    /// `x-after-load-url`, …): 16 by default; an entry over it is dropped with an error.
    public var maximumTrackersPerKey: Int
    /// The deepest nesting of arrays and objects: 64 by default.
    public var maximumDepth: Int

    /// Creates limits; each must be at least 1.
    public init(
        maximumResponseBytes: Int = 1 << 20, maximumLinesPerResponse: Int = 100, maximumTrackersPerKey: Int = 16,
        maximumDepth: Int = JSONDocument.maximumDepth
    ) {
        self.maximumResponseBytes = max(1, maximumResponseBytes)
        self.maximumLinesPerResponse = max(1, maximumLinesPerResponse)
        self.maximumTrackersPerKey = max(1, maximumTrackersPerKey)
        self.maximumDepth = max(1, maximumDepth)
    }

    /// The defaults.
    public static let `default` = AdResponseLimits()
}
