import MediationBridge

extension OpenRTBBid {
    /// The auction macro values of this bid: its IDs, seat, currency, and `clearingPrice` (the bid's own price
    /// when `nil`) for `${AUCTION_PRICE}`.
    public func macroValues(clearingPrice: Double? = nil) -> AuctionMacroValues {
        AuctionMacroValues(
            auctionID: auctionID, bidID: responseBidID ?? id, impressionID: impressionID, seatID: seat, adID: adID,
            price: clearingPrice ?? price, currency: currency)
    }
}
