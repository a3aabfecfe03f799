/// What makes a waterfall line a bid: its ID, its auction, its notice URLs and how long it stays valid.
///
/// Parsed from an entry's `x-bid-id`, `x-auction-id`, `x-nurl`, `x-lurl`, `x-burl` and `x-bid-expiry-ms`
/// (docs/auction.md). The bid's price is the line's ``WaterfallLine/price`` (`x-ecpm`) in its
/// ``WaterfallLine/currencyCode``, and its markup the line's ``WaterfallLine/adMarkup`` (`adm`).
package struct AuctionBid: Sendable, Hashable {
    /// The bid's ID (`x-bid-id`), for `${AUCTION_BID_ID}`.
    package var bidID: String?
    /// The auction's ID (`x-auction-id` of the entry, else of the response), for `${AUCTION_ID}`.
    package var auctionID: String?
    /// Win notices (`x-nurl`), fired once when the bid's ad wins the run.
    package var winURLs: [AuctionNoticeTemplate]
    /// Loss notices (`x-lurl`), fired once when the bid does not win, with its loss reason.
    package var lossURLs: [AuctionNoticeTemplate]
    /// Billing notices (`x-burl`), fired once at the winning ad's first impression.
    package var billingURLs: [AuctionNoticeTemplate]
    /// How long after the response arrived the bid may still be loaded (`x-bid-expiry-ms`); `nil` when it does
    /// not expire. A bid whose turn comes later is skipped and reported lost.
    package var expiry: Duration?
    /// For the winner's billing notice: the next price below the bid in the auction order
    /// (`${AUCTION_MIN_TO_WIN}`), in the bid's own currency, set when the auction is ordered; `nil` when no lower
    /// price compares with it (docs/auction.md, "Money").
    package var nextPriceInOrder: Double?
    /// The impression the bid is for (`x-imp-id`, an OpenRTB bid's `impid`), for `${AUCTION_IMP_ID}`.
    package var impressionID: String?
    /// The seat that bid (`x-seat-id`, an OpenRTB bid's `seatbid[].seat`), for `${AUCTION_SEAT_ID}`.
    package var seatID: String?
    /// The bid's ad ID (`x-ad-id`, an OpenRTB bid's `adid`), for `${AUCTION_AD_ID}`.
    package var adID: String?
    /// Where the bid's price came from, as a JSON path (`$.ad-responses[2].metadata.x-ecpm`), for the trace's
    /// detail when the auction drops the bid for its price.
    package var pricePath: String?
    /// Where the bid's currency came from, as a JSON path (`$.ad-responses[2].metadata.x-currency`, a bid
    /// response's `$.cur`); `nil` when the currency is the default, USD.
    package var currencyPath: String?

    /// Creates a bid.
    package init(
        bidID: String? = nil, auctionID: String? = nil, winURLs: [AuctionNoticeTemplate] = [],
        lossURLs: [AuctionNoticeTemplate] = [], billingURLs: [AuctionNoticeTemplate] = [], expiry: Duration? = nil
    ) {
        self.bidID = bidID
        self.auctionID = auctionID
        self.winURLs = winURLs
        self.lossURLs = lossURLs
        self.billingURLs = billingURLs
        self.expiry = expiry
    }
}
