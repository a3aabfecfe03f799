/// How the engine orders a response that holds bids.
public enum AuctionOrderRule: String, Sendable, Hashable, Codable, CaseIterable {
    /// One first-price order of bids and waterfall lines: highest price first (a bid's price, a line's
    /// `x-ecpm`); entries with equal prices keep the server's order among them, and lines without a price follow
    /// every priced entry, in the server's order. The default.
    case unifiedFirstPrice
    /// The server's order, as MoPub ran it: bids run where the server put them. A response without bids always
    /// runs in the server's order, whatever the rule.
    case serverOrder
}
