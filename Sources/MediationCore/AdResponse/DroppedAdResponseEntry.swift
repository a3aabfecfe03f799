/// An `ad-responses` entry the parser left out, and why: as MoPub did for entries without metadata, `clear`
/// and `x-warmup`, and for an entry with invalid values (kept in ``errors``) while the valid entries still run.
public struct DroppedAdResponseEntry: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The entry's index in its `ad-responses` array.
    public var index: Int
    /// The entry's JSON path, like `$.ad-responses[1]`.
    public var path: String
    /// Why it was dropped, like `no metadata` or `2 invalid values`.
    public var reason: String
    /// Which page of the run it was on: 0 for the first response, 1 for the first `x-next-url` page, …
    public var page: Int
    /// The problems that made the entry invalid, each with its JSON path; empty when the entry was dropped by
    /// MoPub's rules (no metadata, `clear`, `x-warmup`) rather than for being invalid.
    public var errors: [MediationError]

    /// Creates a record.
    package init(index: Int, path: String, reason: String, page: Int = 0, errors: [MediationError] = []) {
        self.index = index
        self.path = path
        self.reason = reason
        self.page = page
        self.errors = errors
    }

    /// Whether the entry was dropped for being invalid (a server bug a linter must report).
    package var isInvalid: Bool { !errors.isEmpty }

    /// `PATH: dropped (REASON)`, with the page when it is not the first, then each error.
    public var description: String {
        let head = "\(path)\(page == 0 ? "" : " (page \(page))"): dropped (\(reason))"
        return ([head] + errors.map { "  \($0)" }).joined(separator: "\n")
    }

    private enum CodingKeys: String, CodingKey {
        case index, path, reason, page, errors
    }

    /// Decodes a record; `errors` may be absent.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        index = try container.decode(Int.self, forKey: .index)
        path = try container.decode(String.self, forKey: .path)
        reason = try container.decode(String.self, forKey: .reason)
        page = try container.decodeIfPresent(Int.self, forKey: .page) ?? 0
        errors = try container.decodeIfPresent([MediationError].self, forKey: .errors) ?? []
    }

    /// Encodes the record; `errors` only when there are some, so MoPub-style drops read as before.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(index, forKey: .index)
        try container.encode(path, forKey: .path)
        try container.encode(reason, forKey: .reason)
        try container.encode(page, forKey: .page)
        if !errors.isEmpty { try container.encode(errors, forKey: .errors) }
    }
}
