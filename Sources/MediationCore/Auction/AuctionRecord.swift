/// The auction's record in a run's trace: the order it ran, each entry's outcome and loss reason, the notices
/// and the bid signals collected before the request (never their content).
package struct AuctionRecord: Sendable, Hashable, Codable {
    /// The order rule the run used.
    package var rule: AuctionOrderRule
    /// The response's floor (`x-bid-floor`), when it had one, in ``currencyCode``.
    package var floor: Double?
    /// The auction's currency (``AuctionPricing/currency``): the one currency its prices were compared in;
    /// `nil` in a record without an order (signals only).
    package var currencyCode: String?
    /// Every bid and waterfall line of the first page, in auction order.
    package var order: [AuctionRecordEntry]
    /// The notices: win and loss fired when the run ended, billing at the winner's first impression.
    package var notices: [AuctionNoticeRecord]
    /// The bid signals collected for the request, one per bidding network.
    package var signals: [BidSignalRecord]

    /// Creates a record.
    package init(
        rule: AuctionOrderRule, floor: Double? = nil, order: [AuctionRecordEntry] = [],
        notices: [AuctionNoticeRecord] = [], signals: [BidSignalRecord] = []
    ) {
        self.rule = rule
        self.floor = floor
        self.order = order
        self.notices = notices
        self.signals = signals
    }
}
