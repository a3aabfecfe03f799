/// The bounds on one Native markup document, so that a hostile bid costs little before it is refused.
public struct OpenRTBNativeMarkupLimits: Sendable, Hashable {
    /// The largest markup, in bytes of UTF-8: 1 MiB by default. Larger markup fails with
    /// ``MediationBridge/MediationError/invalidBidMarkup(path:reason:)`` unread.
    public var maximumMarkupBytes: Int
    /// The most assets: 64 by default; more fail the markup.
    public var maximumAssets: Int
    /// The most trackers of each list (`imptrackers`, `eventtrackers`, `link.clicktrackers`): 32 by default; the
    /// ones past it are dropped.
    public var maximumTrackers: Int
    /// The longest URL, in bytes: 8 KiB by default; longer URLs are dropped.
    public var maximumURLBytes: Int
    /// The deepest nesting of the JSON: 32 by default.
    public var maximumDepth: Int
    /// The most JSON values in the document: 20,000 by default.
    public var maximumValues: Int

    /// Creates limits; the defaults suit every Native response seen in public fixtures many times over.
    public init(
        maximumMarkupBytes: Int = 1_048_576, maximumAssets: Int = 64, maximumTrackers: Int = 32,
        maximumURLBytes: Int = 8_192, maximumDepth: Int = 32, maximumValues: Int = 20_000
    ) {
        self.maximumMarkupBytes = maximumMarkupBytes
        self.maximumAssets = maximumAssets
        self.maximumTrackers = maximumTrackers
        self.maximumURLBytes = maximumURLBytes
        self.maximumDepth = maximumDepth
        self.maximumValues = maximumValues
    }

    /// The defaults.
    public static let `default` = OpenRTBNativeMarkupLimits()
}
