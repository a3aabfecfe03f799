import MediationCore
import MediationOpenRTB

extension AdResponse {
    /// The response with the bidders' bids added as auction entries (``MediationOpenRTB/OpenRTBBid``'s
    /// `auctionLine(nativeRequest:timeout:)`), after the server's entries; the unified first-price order then
    /// places every entry by its price. A bidder that gave no bid adds a note saying why.
    public func addingBids(
        _ outcomes: [(bidder: String, outcome: OpenRTBBidderOutcome)], nativeRequest: OpenRTBNativeRequest? = nil
    ) -> (response: AdResponse, notes: [String]) {
        var response = self
        var notes: [String] = []
        for (bidder, outcome) in outcomes {
            response.lines += outcome.bids.map { bid in
                var line = bid.auctionLine(nativeRequest: nativeRequest)
                // The auction names the bid response when it drops the bid for its price or currency.
                if var auctionBid = line.bid {
                    auctionBid.pricePath = auctionBid.pricePath.map { "\($0) of \(bidder)" }
                    auctionBid.currencyPath = auctionBid.currencyPath.map { "\($0) of \(bidder)" }
                    line.bid = auctionBid
                }
                return line
            }
            if let reason = outcome.noBidReason {
                notes.append("OpenRTB bidder \(bidder): \(reason)")
            } else {
                notes.append("OpenRTB bidder \(bidder): \(outcome.bids.count) bid(s) joined the auction")
            }
            for drop in outcome.dropped {
                notes.append("OpenRTB bidder \(bidder): dropped \(drop.path): \(drop.reason)")
            }
        }
        return (response, notes)
    }
}
