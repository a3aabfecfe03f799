import MediationCore
import MediationOpenRTB

/// What one OpenRTB bidder's request came to: the valid bids, or why there are none.
public struct OpenRTBBidderOutcome: Sendable, Hashable {
    /// The valid bids returned within `tmax`, in response order; empty when there is none.
    public var bids: [OpenRTBBid]
    /// The bids and parts of the response dropped, with their JSON paths and why.
    public var dropped: [OpenRTBDrop]
    /// Why there is no bid, for the trace: `no bid (HTTP 204)`, `no bid (nbr 2)`, `timed out after 300ms`,
    /// `invalid response: $.seatbid: …`; `nil` when there are bids.
    public var noBidReason: String?
    /// The request's ID, which the bids' notices use as `${AUCTION_ID}`.
    public var auctionID: String
    /// The bid request as it went on the wire (URL, method, status, bytes, time, outcome, and the device and
    /// attribution data it carried, as the privacy state let it); `nil` when no request was sent (a refused
    /// endpoint) or the outcome was made by hand.
    package var request: WireRecord?

    /// Creates an outcome.
    public init(bids: [OpenRTBBid], dropped: [OpenRTBDrop] = [], noBidReason: String? = nil, auctionID: String) {
        self.bids = bids
        self.dropped = dropped
        self.noBidReason = noBidReason
        self.auctionID = auctionID
    }
}
