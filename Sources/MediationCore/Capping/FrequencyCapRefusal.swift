import MediationSupport

/// What a frequency cap counts: the impressions of an ad unit, of a network, of a creative, or of a line (a cap the
/// ad server set on it).
public enum FrequencyCapScope: String, Sendable, Hashable, Codable, CaseIterable {
    /// The ad unit's impressions, whatever network showed them.
    case adUnit = "ad_unit"
    /// The network's impressions, in every ad unit.
    case network
    /// The creative's impressions (``NativeAd/creativeIdentifier``), across networks and ad units.
    case creative
    /// The impressions of the lines that share the line's cap key (`x-frequency-cap`'s `key`), else of the line's
    /// network in the line's ad unit.
    case line
}

/// Who set a frequency cap.
public enum FrequencyCapOrigin: String, Sendable, Hashable, Codable, CaseIterable {
    /// The host, in ``FrequencyCapStore/rules``.
    case host
    /// The ad server, on a line of the ad response (`x-frequency-cap`).
    case adServer = "ad_server"
}

/// Why a frequency cap refuses an ad now: which cap, who set it, how many impressions it counted and when it frees.
public struct FrequencyCapRefusal: Sendable, Hashable, CustomStringConvertible {
    /// The named reason, as traces and logs write it.
    public enum Reason: String, Sendable, Hashable, Codable, CaseIterable {
        /// The cap's impressions per window were reached.
        case frequencyCapped = "frequency_capped"
        /// The cap's minimum interval has not passed since the last impression.
        case paced
    }

    /// Capped or paced.
    public var reason: Reason
    /// What the cap counts.
    public var scope: FrequencyCapScope
    /// The ad unit ID, network name, creative identifier or line cap key counted (a line without a key: its network
    /// and ad unit, `Google in feed`).
    public var key: String
    /// The cap.
    public var cap: FrequencyCap
    /// Who set it.
    public var origin: FrequencyCapOrigin
    /// The impressions the cap counted: in its window when capped, in its interval when paced (ads a
    /// ``ReadyAdCache`` handed out that wait for their impression count as impressions now).
    public var impressions: Int
    /// How long until the cap allows an ad again, from the moment it refused.
    public var freesIn: Duration

    /// Creates a refusal.
    package init(
        reason: Reason, scope: FrequencyCapScope, key: String, cap: FrequencyCap, origin: FrequencyCapOrigin,
        impressions: Int, freesIn: Duration
    ) {
        self.reason = reason
        self.scope = scope
        self.key = key
        self.cap = cap
        self.origin = origin
        self.impressions = impressions
        self.freesIn = freesIn
    }

    /// The cap named: `network Google: 3 impressions per 1h (set by the host)`.
    package var capDescription: String {
        let scopeName =
            switch scope {
            case .adUnit: "ad unit"
            case .network: "network"
            case .creative: "creative"
            case .line: "line"
            }
        let setBy = origin == .host ? "the host" : "the ad server"
        return "\(scopeName) \(key): \(cap) (set by \(setBy))"
    }

    /// The error a load or line refused this way reports: ``MediationError/frequencyCapped(cap:freesIn:)`` or
    /// ``MediationError/paced(cap:freesIn:)``.
    public var error: MediationError {
        switch reason {
        case .frequencyCapped: .frequencyCapped(cap: capDescription, freesIn: freesIn)
        case .paced: .paced(cap: capDescription, freesIn: freesIn)
        }
    }

    /// `frequency_capped: network Google: 3 impressions per 1h (set by the host); 3 impressions counted; frees in
    /// 42m 10s`.
    public var description: String { "\(reason.rawValue): \(detail)" }

    /// The description without the reason: `network Google: 3 impressions per 1h (set by the host); 3 impressions
    /// counted; frees in 42m 10s`.
    package var detail: String {
        let counted = "\(impressions) impression\(impressions == 1 ? "" : "s") counted"
        return "\(capDescription); \(counted); frees in \(freesIn.readableDescription)"
    }
}

extension FrequencyCapRefusal: Codable {
    private enum CodingKeys: String, CodingKey {
        case reason, scope, key, cap, setBy, impressions, freesInMs
    }

    /// Decodes a refusal from its JSON form (`reason`, `scope`, `key`, `cap`, `setBy`, `impressions`, `freesInMs`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        reason = try container.decode(Reason.self, forKey: .reason)
        scope = try container.decode(FrequencyCapScope.self, forKey: .scope)
        key = try container.decode(String.self, forKey: .key)
        cap = try container.decode(FrequencyCap.self, forKey: .cap)
        origin = try container.decode(FrequencyCapOrigin.self, forKey: .setBy)
        impressions = try container.decode(Int.self, forKey: .impressions)
        freesIn = .milliseconds(try container.decode(Int64.self, forKey: .freesInMs))
    }

    /// Encodes the refusal with `freesInMs` in whole milliseconds.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(reason, forKey: .reason)
        try container.encode(scope, forKey: .scope)
        try container.encode(key, forKey: .key)
        try container.encode(cap, forKey: .cap)
        try container.encode(origin, forKey: .setBy)
        try container.encode(impressions, forKey: .impressions)
        try container.encode(freesIn.wholeMilliseconds, forKey: .freesInMs)
    }
}

/// A frequency cap's refusal in a run's trace (``MediationTrace/frequencyCaps``): the line it refused, or the whole
/// load.
package struct FrequencyCapRecord: Sendable, Hashable {
    /// The line skipped (or whose ad was released); `nil` when the load was refused before any line ran.
    package var line: Int?
    /// Whether the line had loaded: its network named a capped creative only then, and its ad was released unshown.
    package var afterLoad: Bool
    /// The refusal.
    package var refusal: FrequencyCapRefusal

    /// Creates a record.
    package init(line: Int?, afterLoad: Bool = false, refusal: FrequencyCapRefusal) {
        self.line = line
        self.afterLoad = afterLoad
        self.refusal = refusal
    }
}

extension FrequencyCapRecord: Codable {
    private enum CodingKeys: String, CodingKey {
        case line, afterLoad
    }

    /// Decodes a record: `line` (absent or `null` for a refused load), `afterLoad` (`false` when absent) and the
    /// refusal's fields beside them.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        line = try container.decodeIfPresent(Int.self, forKey: .line)
        afterLoad = try container.decodeIfPresent(Bool.self, forKey: .afterLoad) ?? false
        refusal = try FrequencyCapRefusal(from: decoder)
    }

    /// Encodes the record as one object: `line` (`null` for a refused load), `afterLoad` and the refusal's fields.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(line, forKey: .line)
        try container.encode(afterLoad, forKey: .afterLoad)
        try refusal.encode(to: encoder)
    }
}
