/// An `ad-responses` entry the parser left out, as MoPub did, and why.
public struct DroppedAdResponseEntry: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The entry's index in its `ad-responses` array.
    public var index: Int
    /// The entry's JSON path, like `$.ad-responses[1]`.
    public var path: String
    /// Why it was dropped, like `no metadata`.
    public var reason: String
    /// Which page of the run it was on: 0 for the first response, 1 for the first `x-next-url` page, …
    public var page: Int

    /// Creates a record.
    public init(index: Int, path: String, reason: String, page: Int = 0) {
        self.index = index
        self.path = path
        self.reason = reason
        self.page = page
    }

    /// `PATH: dropped (REASON)`, with the page when it is not the first.
    public var description: String { "\(path)\(page == 0 ? "" : " (page \(page))"): dropped (\(reason))" }
}
