/// Why a bid lost the auction, as OpenRTB 2.6 numbers loss reasons (`${AUCTION_LOSS}`, `lurl`).
///
/// The engine gives every bid exactly one outcome: a win notice, or a loss notice with one of these codes. The
/// rules are in docs/auction.md.
package enum AuctionLossReason: Int, Sendable, Hashable, Codable, CaseIterable {
    /// 1: the bid's ad did not load (no fill, a network error, a timeout) or its custom event is missing.
    case internalError = 1
    /// 2: the run ended before the bid's turn (another line won first, the run was cancelled or hit its
    /// deadline), or the bid expired (`x-bid-expiry-ms`) before its turn.
    case impressionOpportunityExpired = 2
    /// 3: the bid's markup is invalid (``MediationError/invalidBidMarkup(path:reason:)``), or its custom event
    /// does not load bids.
    case invalidBidResponse = 3
    /// 7: the bid has bid keys (`x-bid-id`, `x-nurl`, …) and a price but no markup (`adm`).
    case missingMarkup = 7
    /// 9: the bid has markup and bid keys but no price (`x-ecpm`).
    case missingBidPrice = 9
    /// 100: the bid's price is below the response's floor (`x-bid-floor`).
    case belowAuctionFloor = 100
    /// 102: a line or bid higher in the auction order filled.
    case lostToHigherBid = 102

    /// A short name for traces and JSON, such as `lost_to_higher_bid`.
    package var name: String {
        switch self {
        case .internalError: "internal_error"
        case .impressionOpportunityExpired: "impression_opportunity_expired"
        case .invalidBidResponse: "invalid_bid_response"
        case .missingMarkup: "missing_markup"
        case .missingBidPrice: "missing_bid_price"
        case .belowAuctionFloor: "below_auction_floor"
        case .lostToHigherBid: "lost_to_higher_bid"
        }
    }
}
