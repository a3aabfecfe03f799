import MediationCore

extension BenchWorld {
    /// The lines of request `request`'s ad response, each with its index among the world's lines: every line of
    /// the request but the bids that are absent from it (a late bidder's), priced as the world prices them.
    func responseLines(forRequest request: Int) -> [(worldIndex: Int, line: WaterfallLine)] {
        requests[request].enumerated().compactMap { index, outcome in
            let isBid = bids.indices.contains(index) && bids[index]
            if isBid, absentBids[request][index] { return nil }
            var line = WaterfallLine(
                customEventIdentifier: BenchCustomEvent.identifier, info: BenchCustomEvent.info(for: outcome),
                adMarkup: isBid ? "bench-markup" : nil, timeout: outcome.timeout, networkName: "line\(index)",
                price: prices[index])
            if isBid { line.bid = AuctionBid(bidID: "bid\(index)") }
            return (index, line)
        }
    }
}
