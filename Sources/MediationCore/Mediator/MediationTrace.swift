/// What happened in one run: each line, when it started, how long it took, how it ended, and which line
/// won. The package's mediation debugger: print it with ``table()`` or ``jsonString(prettyPrinted:)``; the JSON also
/// holds the run's auction, requests, ready-ad and frequency-cap records, which the inspector shows.
public struct MediationTrace: Sendable, Hashable, Codable {
    /// The rows, in the order things happened (line attempts and dropped callbacks).
    public var entries: [MediationTraceEntry]
    /// The winning line's index, or `nil` when no ad was delivered.
    public var winner: Int?
    /// How the run ended: `loaded`, or the error's code (`no_fill`, `cancelled`, `rate_limited`, …);
    /// `running` while it runs.
    public var outcome: String
    /// Entries the parser dropped from the responses of this run.
    public var droppedEntries: [DroppedAdResponseEntry]
    /// Notes on the run as a whole: pages followed or not followed, back-off applied.
    public var notes: [String]
    /// The auction's record, for a run over bids or after bid signals were collected; `nil` otherwise.
    package var auction: AuctionRecord?
    /// The HTTP requests the load made before its run, in the order they were sent: the ad request and each bid
    /// request (``WireRecord``); empty for a run of a response the host handed over.
    package var requests: [WireRecord] = []
    /// For an ad a ``ReadyAdCache`` handed out: when it loaded and how long it waited (``ReadyAdRecord``); `nil`
    /// for an ad loaded on demand.
    package var readyAd: ReadyAdRecord?
    /// The frequency caps' refusals in this load (``FrequencyCapRecord``): each line a cap skipped (or whose loaded ad
    /// it released), or the load itself when its ad unit was capped or paced; empty when no cap refused anything.
    package var frequencyCaps: [FrequencyCapRecord] = []

    /// Creates a trace.
    package init(
        entries: [MediationTraceEntry] = [],
        winner: Int? = nil,
        outcome: String = "running",
        droppedEntries: [DroppedAdResponseEntry] = [],
        notes: [String] = []
    ) {
        self.entries = entries
        self.winner = winner
        self.outcome = outcome
        self.droppedEntries = droppedEntries
        self.notes = notes
    }

    /// The winning line's entry, if any.
    package var winningEntry: MediationTraceEntry? {
        entries.first { $0.isWinner }
    }

    /// The entries of `line`, in order.
    package func entries(forLine line: Int) -> [MediationTraceEntry] {
        entries.filter { $0.line == line }
    }

    /// The results of every entry, in order.
    package var results: [MediationLineResult] { entries.map(\.result) }

    private enum CodingKeys: String, CodingKey {
        case entries, winner, outcome, droppedEntries, notes, auction, requests, readyAd, frequencyCaps
    }

    /// Decodes a trace; `requests`, `readyAd` and `frequencyCaps` may be absent (a trace saved before they
    /// existed).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        entries = try container.decode([MediationTraceEntry].self, forKey: .entries)
        winner = try container.decodeIfPresent(Int.self, forKey: .winner)
        outcome = try container.decode(String.self, forKey: .outcome)
        droppedEntries = try container.decode([DroppedAdResponseEntry].self, forKey: .droppedEntries)
        notes = try container.decode([String].self, forKey: .notes)
        auction = try container.decodeIfPresent(AuctionRecord.self, forKey: .auction)
        requests = try container.decodeIfPresent([WireRecord].self, forKey: .requests) ?? []
        readyAd = try container.decodeIfPresent(ReadyAdRecord.self, forKey: .readyAd)
        frequencyCaps = try container.decodeIfPresent([FrequencyCapRecord].self, forKey: .frequencyCaps) ?? []
    }

    /// Encodes a trace; `requests` only when there is one, `readyAd` only for an ad a cache handed out,
    /// `frequencyCaps` only when a cap refused something.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(entries, forKey: .entries)
        try container.encodeIfPresent(winner, forKey: .winner)
        try container.encode(outcome, forKey: .outcome)
        try container.encode(droppedEntries, forKey: .droppedEntries)
        try container.encode(notes, forKey: .notes)
        try container.encodeIfPresent(auction, forKey: .auction)
        if !requests.isEmpty { try container.encode(requests, forKey: .requests) }
        try container.encodeIfPresent(readyAd, forKey: .readyAd)
        if !frequencyCaps.isEmpty { try container.encode(frequencyCaps, forKey: .frequencyCaps) }
    }
}
