import MediationSupport

/// What a ``ReadyAdCache`` adds to the trace of an ad it handed out (``MediationTrace/readyAd``): when the ad
/// loaded and how long it waited in the cache before it was handed out.
package struct ReadyAdRecord: Sendable, Hashable, Codable {
    /// When the ad loaded, from the start of its run (the run's time to fill, as the trace's times count).
    package var loadedAt: Duration
    /// How long the ad waited in the cache, from its load to its hand-out.
    package var waited: Duration

    /// Creates a record.
    package init(loadedAt: Duration, waited: Duration) {
        self.loadedAt = loadedAt
        self.waited = waited
    }

    private enum CodingKeys: String, CodingKey {
        case loadedAtMs, waitedMs
    }

    /// Decodes a record from its JSON form (whole milliseconds: `loadedAtMs`, `waitedMs`).
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        loadedAt = .milliseconds(try container.decode(Int64.self, forKey: .loadedAtMs))
        waited = .milliseconds(try container.decode(Int64.self, forKey: .waitedMs))
    }

    /// Encodes the record as whole milliseconds (`loadedAtMs`, `waitedMs`).
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(loadedAt.wholeMilliseconds, forKey: .loadedAtMs)
        try container.encode(waited.wholeMilliseconds, forKey: .waitedMs)
    }
}
