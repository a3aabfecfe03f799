/// Whether an auction entry is a bid or a waterfall line.
package enum AuctionEntryKind: String, Sendable, Hashable, Codable {
    /// A bid: markup with a price, and notices.
    case bid
    /// A waterfall line, priced by its `x-ecpm` or unpriced.
    case waterfall
}
