import MediationSupport

/// One row of a ``MediationTrace``: a line's attempt, or a callback the engine dropped.
public struct MediationTraceEntry: Sendable, Hashable, Codable {
    /// The line's index in the run (pages of `x-next-url` continue the numbering).
    public var line: Int
    /// Which page the line came from: 0 for the first response, 1 for the first `x-next-url` page, …
    public var page: Int
    /// The custom event identifier.
    public var customEvent: String
    /// The readable network name.
    public var network: String
    /// The line's price (`x-ecpm`), when known.
    public var price: Double?
    /// When the line started (or the dropped callback arrived), from the start of the run.
    public var start: Duration
    /// How long the line took; `nil` for dropped callbacks and skipped lines.
    public var duration: Duration?
    /// How it ended.
    public var result: MediationLineResult
    /// The error's stable code (``MediationError/code``) for failed lines, else `nil`.
    public var errorCode: String?
    /// A readable detail: the error's description, why a line was skipped, what happened to a dropped ad.
    public var detail: String?
    /// Whether this line's ad was delivered.
    public var isWinner: Bool

    /// Creates an entry.
    package init(
        line: Int,
        page: Int = 0,
        customEvent: String,
        network: String,
        price: Double? = nil,
        start: Duration,
        duration: Duration?,
        result: MediationLineResult,
        errorCode: String? = nil,
        detail: String? = nil,
        isWinner: Bool = false
    ) {
        self.line = line
        self.page = page
        self.customEvent = customEvent
        self.network = network
        self.price = price
        self.start = start
        self.duration = duration
        self.result = result
        self.errorCode = errorCode
        self.detail = detail
        self.isWinner = isWinner
    }

    private enum CodingKeys: String, CodingKey {
        case line, page, customEvent, network, price, startMs, durationMs, result, errorCode, detail, winner
    }

    /// Decodes an entry from its JSON form (times in whole milliseconds).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        line = try container.decode(Int.self, forKey: .line)
        page = try container.decodeIfPresent(Int.self, forKey: .page) ?? 0
        customEvent = try container.decode(String.self, forKey: .customEvent)
        network = try container.decode(String.self, forKey: .network)
        price = try container.decodeIfPresent(Double.self, forKey: .price)
        start = .milliseconds(try container.decode(Int64.self, forKey: .startMs))
        duration = try container.decodeIfPresent(Int64.self, forKey: .durationMs).map { .milliseconds($0) }
        result = try container.decode(MediationLineResult.self, forKey: .result)
        errorCode = try container.decodeIfPresent(String.self, forKey: .errorCode)
        detail = try container.decodeIfPresent(String.self, forKey: .detail)
        isWinner = try container.decodeIfPresent(Bool.self, forKey: .winner) ?? false
    }

    /// Encodes the entry: times as whole milliseconds (`startMs`, `durationMs`), absent values as `null`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(line, forKey: .line)
        try container.encode(page, forKey: .page)
        try container.encode(customEvent, forKey: .customEvent)
        try container.encode(network, forKey: .network)
        try container.encode(price, forKey: .price)
        try container.encode(start.wholeMilliseconds, forKey: .startMs)
        try container.encode(duration?.wholeMilliseconds, forKey: .durationMs)
        try container.encode(result, forKey: .result)
        try container.encode(errorCode, forKey: .errorCode)
        try container.encode(detail, forKey: .detail)
        try container.encode(isWinner, forKey: .winner)
    }
}
