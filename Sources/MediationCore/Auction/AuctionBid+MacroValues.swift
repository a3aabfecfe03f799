import Foundation

extension AuctionBid {
    /// The macro values of this bid's win or billing notice (docs/auction.md, "Notices and loss reasons"): its IDs,
    /// its own price in its own currency (first price: the clearing price is the bid, so `${AUCTION_MBR}` is 1),
    /// `${AUCTION_LOSS}` 0, the impression multiplier 1, and `minimumToWin` (the next price below it in the order, in
    /// its currency). A billing notice leaves `${AUCTION_IMP_TS}` for the impression to expand.
    func winValues(price: Double?, currency: String, isBilling: Bool = false) -> AuctionMacroValues {
        var values = AuctionMacroValues(
            auctionID: auctionID, bidID: bidID, impressionID: impressionID, seatID: seatID, adID: adID, price: price,
            currency: currency, marketBidRatio: 1, lossReason: 0, minimumToWin: nextPriceInOrder, multiplier: 1)
        if isBilling { values.deferredMacros = ["AUCTION_IMP_TS"] }
        return values
    }

    /// The macro values of this bid's loss notice: its IDs and currency, the loss code, and the winner's price
    /// expressed in the bid's currency (`${AUCTION_PRICE}` and `${AUCTION_MIN_TO_WIN}`; unknown when the winner had
    /// no price or its price does not convert to the bid's currency).
    func lossValues(reason: AuctionLossReason, winningPrice: Double?, currency: String) -> AuctionMacroValues {
        AuctionMacroValues(
            auctionID: auctionID, bidID: bidID, impressionID: impressionID, seatID: seatID, adID: adID,
            price: winningPrice, currency: currency, lossReason: reason.rawValue, minimumToWin: winningPrice)
    }
}
