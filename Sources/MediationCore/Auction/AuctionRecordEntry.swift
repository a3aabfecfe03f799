/// One entry of an ``AuctionRecord``: a bid or a waterfall line, where the auction put it and how it ended.
package struct AuctionRecordEntry: Sendable, Hashable, Codable {
    /// The entry's place in the auction order, from 0.
    package var place: Int
    /// The entry's index in the response's `ad-responses` array, when it came from one.
    package var entryIndex: Int?
    /// The line index the run gave the entry (as in ``MediationTrace/entries``); `nil` for a bid that never
    /// ran (below the floor, missing markup or price).
    package var line: Int?
    /// Bid or waterfall line.
    package var kind: AuctionEntryKind
    /// The custom event identifier.
    package var customEvent: String
    /// The readable network name.
    package var network: String
    /// The price (a bid's price or a line's `x-ecpm`, an eCPM), when known.
    package var price: Double?
    /// The price's currency code.
    package var currencyCode: String
    /// The bid's ID, for a bid.
    package var bidID: String?
    /// How the entry ended in the run: `won`, or the line's result (`loaded`, `no_fill`, `error`, `timeout`,
    /// `skipped`, `stopped`, `not_run`, …).
    package var result: String
    /// Why a bid lost; `nil` for the winner and for waterfall lines.
    package var lossReason: AuctionLossReason?
    /// A readable detail, such as why a bid never ran.
    package var detail: String?

    /// Creates an entry.
    package init(
        place: Int, entryIndex: Int?, line: Int?, kind: AuctionEntryKind, customEvent: String, network: String,
        price: Double?, currencyCode: String, bidID: String?, result: String, lossReason: AuctionLossReason?,
        detail: String? = nil
    ) {
        self.place = place
        self.entryIndex = entryIndex
        self.line = line
        self.kind = kind
        self.customEvent = customEvent
        self.network = network
        self.price = price
        self.currencyCode = currencyCode
        self.bidID = bidID
        self.result = result
        self.lossReason = lossReason
        self.detail = detail
    }
}
