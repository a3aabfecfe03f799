/// Where a feed's ads go, as MAX's `MANativeAdPositioning` and MoPub's `MPClientAdPositioning` and
/// `MPServerAdPositioning` take it: fixed positions, then an ad every `repeatingInterval` positions.
///
/// Positions are indices in the feed as the user sees it, ads included. The repeating positions continue from the
/// last fixed one (`last + interval`, `last + 2 × interval`, …); without fixed positions the first ad goes at
/// `interval - 1`. So fixed positions `[1]` and interval 5 put ads at 1, 6, 11, …: four content items between two
/// ads. An ad is only placed with content after it (none trails the feed), never next to another ad, and at most
/// ``maximumAdCount`` per feed.
public struct FeedAdPositioning: Sendable, Hashable {
    /// The fixed positions, ascending, each at least 0.
    public let fixedPositions: [Int]
    /// The repeating interval (at least 2), or `nil` for fixed positions only.
    public let repeatingInterval: Int?
    /// The most ads one feed holds; 256 by default, as MAX's placer.
    public let maximumAdCount: Int

    /// Creates a positioning.
    ///
    /// - Throws: ``MediationError/invalidConfiguration(path:reason:)`` naming `fixedPositions` when one is negative
    ///   or two are equal or adjacent, `repeatingInterval` when it is below 2, `maximumAdCount` when it is below 1,
    ///   or `fixedPositions` when there is neither a fixed position nor an interval.
    public init(fixedPositions: [Int] = [], repeatingInterval: Int? = nil, maximumAdCount: Int = 256)
        throws(MediationError)
    {
        let sorted = fixedPositions.sorted()
        if let negative = sorted.first(where: { $0 < 0 }) {
            throw .invalidConfiguration(path: "fixedPositions", reason: "expected 0 or more, got \(negative)")
        }
        for (left, right) in zip(sorted, sorted.dropFirst()) where right - left < 2 {
            throw .invalidConfiguration(
                path: "fixedPositions", reason: "positions \(left) and \(right) would put two ads side by side")
        }
        if let interval = repeatingInterval, interval < 2 {
            throw .invalidConfiguration(path: "repeatingInterval", reason: "expected 2 or more, got \(interval)")
        }
        guard maximumAdCount >= 1 else {
            throw .invalidConfiguration(path: "maximumAdCount", reason: "expected 1 or more, got \(maximumAdCount)")
        }
        guard !sorted.isEmpty || repeatingInterval != nil else {
            throw .invalidConfiguration(path: "fixedPositions", reason: "expected a fixed position or an interval")
        }
        self.fixedPositions = sorted
        self.repeatingInterval = repeatingInterval
        self.maximumAdCount = maximumAdCount
    }

    /// The feed position of ad `number` (0 for the first ad), if the rules place that many ads.
    public func position(ofAd number: Int) -> Int? {
        guard number >= 0, number < maximumAdCount else { return nil }
        if number < fixedPositions.count { return fixedPositions[number] }
        guard let interval = repeatingInterval else { return nil }
        let repeats = number - fixedPositions.count
        let start = fixedPositions.last.map { $0 + interval } ?? interval - 1
        return start + repeats * interval
    }
}
