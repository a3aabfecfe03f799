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
    /// The most JSON values (strings, numbers, literals, arrays and objects; keys not counted) in one response,
    /// the JSON held in `x-custom-event-class-data` strings included: 50,000 by default, several times what
    /// 100 full entries hold. Counted while reading, so a response past it is refused at the value that goes
    /// over, before anything past it is kept.
    public var maximumJSONValues: Int
    /// The most elements of one JSON array, or members of one object, anywhere in a response: 1,000 by
    /// default. Checked while reading; `ad-responses` entries past ``maximumLinesPerResponse`` (but within
    /// this) are dropped one by one as before.
    public var maximumElementsPerContainer: Int

    /// Creates limits; each must be at least 1.
    public init(
        maximumResponseBytes: Int = 1 << 20, maximumLinesPerResponse: Int = 100, maximumTrackersPerKey: Int = 16,
        maximumDepth: Int = 64, maximumJSONValues: Int = 50_000,
        maximumElementsPerContainer: Int = 1_000
    ) {
        self.maximumResponseBytes = max(1, maximumResponseBytes)
        self.maximumLinesPerResponse = max(1, maximumLinesPerResponse)
        self.maximumTrackersPerKey = max(1, maximumTrackersPerKey)
        self.maximumDepth = max(1, maximumDepth)
        self.maximumJSONValues = max(1, maximumJSONValues)
        self.maximumElementsPerContainer = max(1, maximumElementsPerContainer)
    }

    /// Decodes limits; a limit that is absent takes its default, and each is at least 1.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = AdResponseLimits()
        func value(_ key: CodingKeys, _ fallback: Int) throws -> Int {
            try container.decodeIfPresent(Int.self, forKey: key) ?? fallback
        }
        self.init(
            maximumResponseBytes: try value(.maximumResponseBytes, defaults.maximumResponseBytes),
            maximumLinesPerResponse: try value(.maximumLinesPerResponse, defaults.maximumLinesPerResponse),
            maximumTrackersPerKey: try value(.maximumTrackersPerKey, defaults.maximumTrackersPerKey),
            maximumDepth: try value(.maximumDepth, defaults.maximumDepth),
            maximumJSONValues: try value(.maximumJSONValues, defaults.maximumJSONValues),
            maximumElementsPerContainer: try value(.maximumElementsPerContainer, defaults.maximumElementsPerContainer))
    }

    /// The defaults.
    public static let `default` = AdResponseLimits()
}
