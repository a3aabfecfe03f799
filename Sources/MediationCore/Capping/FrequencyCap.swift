import Foundation
import MediationSupport

/// How often ads may be shown: at most ``maxImpressions`` impressions per ``window`` (capping), at least
/// ``minimumInterval`` between two impressions (pacing), or both: LevelPlay's capping and pacing, for an ad unit, a
/// network, a creative or a line (docs/ready-ads.md, "Capping and pacing").
///
/// A cap counts real impressions (``NativeAd/recordImpression()`` or the network's own report, once per ad), never
/// loads; ``FrequencyCapStore`` keeps them across launches.
///
/// ```swift
/// let hourly = try FrequencyCap(maxImpressions: 3, per: .seconds(3_600))
/// let paced = try FrequencyCap(maxImpressions: 10, per: .seconds(86_400), minimumInterval: .seconds(30))
/// let pacingOnly = try FrequencyCap(minimumInterval: .seconds(60))
/// ```
public struct FrequencyCap: Sendable, Hashable, CustomStringConvertible {
    /// The longest window and interval a cap may have: 7 days. Impressions older than that are forgotten.
    package static let maximumWindow: Duration = .seconds(7 * 86_400)
    /// The most impressions a cap may allow per window: 10,000.
    package static let maximumImpressions = 10_000

    /// At most this many impressions per ``window``; `nil` for a cap that only paces.
    public let maxImpressions: Int?
    /// The window ``maxImpressions`` counts over (a sliding window: the impressions of the last `window`); `nil`
    /// for a cap that only paces.
    public let window: Duration?
    /// At least this long between two impressions; `nil` for a cap that does not pace.
    public let minimumInterval: Duration?

    /// A cap of `maxImpressions` impressions per `window`, with pacing when `minimumInterval` is given.
    ///
    /// - Throws: ``MediationError/invalidConfiguration(path:reason:)`` naming `maxImpressions` outside
    ///   1…10,000, or `window` or `minimumInterval` when not positive or longer than 7 days.
    public init(maxImpressions: Int, per window: Duration, minimumInterval: Duration? = nil) throws(MediationError) {
        if let problem = Self.problem(maxImpressions: maxImpressions, window: window, minimumInterval: minimumInterval)
        {
            throw .invalidConfiguration(path: problem.path, reason: problem.reason)
        }
        self.maxImpressions = maxImpressions
        self.window = window
        self.minimumInterval = minimumInterval
    }

    /// Pacing alone: at least `minimumInterval` between two impressions.
    ///
    /// - Throws: ``MediationError/invalidConfiguration(path:reason:)`` naming `minimumInterval` when it is not
    ///   positive or longer than 7 days.
    public init(minimumInterval: Duration) throws(MediationError) {
        if let problem = Self.problem(maxImpressions: nil, window: nil, minimumInterval: minimumInterval) {
            throw .invalidConfiguration(path: problem.path, reason: problem.reason)
        }
        maxImpressions = nil
        window = nil
        self.minimumInterval = minimumInterval
    }

    /// A cap whose values ``problem(maxImpressions:window:minimumInterval:)`` found nothing wrong with.
    package init(checkedMaxImpressions: Int?, window: Duration?, minimumInterval: Duration?) {
        maxImpressions = checkedMaxImpressions
        self.window = window
        self.minimumInterval = minimumInterval
    }

    /// What is wrong with these values (the key and the reason), or `nil`: a count needs its window and the other
    /// way round, at least one of the count and the interval is given, each within its bounds.
    package static func problem(
        maxImpressions: Int?, window: Duration?, minimumInterval: Duration?
    ) -> (path: String, reason: String)? {
        if maxImpressions == nil, window == nil, minimumInterval == nil {
            return ("maxImpressions", "a cap needs a number of impressions per window, a minimum interval, or both")
        }
        if let maxImpressions, !(1...maximumImpressions).contains(maxImpressions) {
            return ("maxImpressions", "expected 1...\(maximumImpressions) impressions, got \(maxImpressions)")
        }
        if maxImpressions != nil, window == nil {
            return ("window", "a number of impressions needs the window it counts over")
        }
        if let window {
            guard maxImpressions != nil else {
                return ("maxImpressions", "a window needs the number of impressions it allows")
            }
            if let reason = durationProblem(window) { return ("window", reason) }
        }
        if let minimumInterval, let reason = durationProblem(minimumInterval) { return ("minimumInterval", reason) }
        return nil
    }

    private static func durationProblem(_ duration: Duration) -> String? {
        guard duration > .zero, duration <= maximumWindow else {
            let got = duration < .zero ? "a negative duration" : duration.readableDescription
            return "expected a positive duration of at most \(maximumWindow.readableDescription), got \(got)"
        }
        return nil
    }

    /// `3 impressions per 1h`, `3 impressions per 1h, 30s apart`, `30s apart`.
    public var description: String {
        var parts: [String] = []
        if let maxImpressions, let window {
            parts.append(
                "\(maxImpressions) impression\(maxImpressions == 1 ? "" : "s") per \(window.readableDescription)")
        }
        if let minimumInterval { parts.append("\(minimumInterval.readableDescription) apart") }
        return parts.joined(separator: ", ")
    }
}

extension FrequencyCap: Codable {
    private enum CodingKeys: String, CodingKey {
        case maxImpressions, windowMs, minimumIntervalMs
    }

    /// Decodes a cap from its JSON form (`maxImpressions`, `windowMs`, `minimumIntervalMs`), refusing values a cap
    /// may not have.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let maxImpressions = try container.decodeIfPresent(Int.self, forKey: .maxImpressions)
        let window = try container.decodeIfPresent(Int64.self, forKey: .windowMs).map { Duration.milliseconds($0) }
        let interval = try container.decodeIfPresent(Int64.self, forKey: .minimumIntervalMs)
            .map { Duration.milliseconds($0) }
        if let problem = Self.problem(maxImpressions: maxImpressions, window: window, minimumInterval: interval) {
            let key: CodingKeys =
                switch problem.path {
                case "window": .windowMs
                case "minimumInterval": .minimumIntervalMs
                default: .maxImpressions
                }
            throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: problem.reason)
        }
        self.init(checkedMaxImpressions: maxImpressions, window: window, minimumInterval: interval)
    }

    /// Encodes the cap with its durations in whole milliseconds, absent values left out.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(maxImpressions, forKey: .maxImpressions)
        try container.encodeIfPresent(window?.wholeMilliseconds, forKey: .windowMs)
        try container.encodeIfPresent(minimumInterval?.wholeMilliseconds, forKey: .minimumIntervalMs)
    }
}
