extension AdResponse {
    /// The bids of this response that would lose before any line runs, under `pricing`, by index in ``lines``:
    /// the loss code and why (no markup 7, no price 9, a price or currency the auction does not take 3, below the
    /// floor 100), as the auction decides it (docs/auction.md). `mediation validate` lists them.
    package func bidLossesBeforeRun(pricing: AuctionPricing = .default) -> [Int: (
        reason: AuctionLossReason, detail: String
    )] {
        var losses: [Int: (reason: AuctionLossReason, detail: String)] = [:]
        for (index, line) in lines.enumerated() where line.isBid {
            if let loss = AuctionPlan.assess(line, pricing: pricing, floor: bidFloor).lossBeforeRun {
                losses[index] = loss
            }
        }
        return losses
    }
}
