import Foundation

/// A response that holds bids, put in auction order before its run: which entries run, in which order, and
/// which bids lose before any line starts (below the floor, no markup, no price).
///
/// The run itself is the ordinary run machine over ``response``: the same exactly-once outcomes, timeouts,
/// hedging and strategies; its winner is the one sequential would pick over the auction order. After the run,
/// ``settle(outcome:trace:signals:)`` gives every bid one outcome and its notices.
struct AuctionPlan: Sendable {
    /// One entry of the first page, in auction order.
    struct Entry: Sendable {
        var line: WaterfallLine
        /// Its index in the run, when it runs.
        var runLine: Int?
        /// Why the bid lost before the run, when it did.
        var lossBeforeRun: (reason: AuctionLossReason, detail: String)?
    }

    let rule: AuctionOrderRule
    let floor: Double?
    /// Every entry, in auction order.
    let entries: [Entry]
    /// The response the run runs: the runnable entries in auction order.
    let response: AdResponse

    /// The plan for `response` under `rule`, or `nil` when the response holds no bid (then it runs in the
    /// server's order, untouched).
    init?(response: AdResponse, rule: AuctionOrderRule) {
        guard response.hasBids else { return nil }
        self.rule = rule
        floor = response.bidFloor
        let ordered = rule == .unifiedFirstPrice ? Self.unifiedOrder(response.lines) : response.lines
        var entries: [Entry] = []
        var runnable: [WaterfallLine] = []
        for line in ordered {
            if let loss = Self.lossBeforeRun(line, floor: response.bidFloor) {
                entries.append(Entry(line: line, runLine: nil, lossBeforeRun: loss))
            } else {
                entries.append(Entry(line: line, runLine: runnable.count))
                runnable.append(line)
            }
        }
        // The winner's `${AUCTION_MIN_TO_WIN}` in its billing notice: the next price below it among the entries
        // that run.
        let prices = runnable.map(\.price)
        for index in runnable.indices where runnable[index].bid != nil {
            runnable[index].bid?.nextPriceInOrder = prices[(index + 1)...].lazy.compactMap { $0 }.first
        }
        for index in entries.indices {
            if let runLine = entries[index].runLine { entries[index].line = runnable[runLine] }
        }
        self.entries = entries
        var planned = response
        planned.lines = runnable
        self.response = planned
    }

    /// The unified first-price order: highest price first; equal prices keep the server's order; lines without
    /// a price follow every priced entry in the server's order.
    static func unifiedOrder(_ lines: [WaterfallLine]) -> [WaterfallLine] {
        let indexed = lines.enumerated().map { (offset: $0.offset, line: $0.element) }
        return indexed.sorted { left, right in
            switch (left.line.price, right.line.price) {
            case (let l?, let r?) where l != r: return l > r
            case (.some, .none): return true
            case (.none, .some): return false
            default: return left.offset < right.offset
            }
        }.map(\.line)
    }

    /// Why a bid loses before the run, or `nil` when it may run.
    static func lossBeforeRun(_ line: WaterfallLine, floor: Double?) -> (AuctionLossReason, String)? {
        guard line.bid != nil else { return nil }
        guard line.adMarkup != nil else { return (.missingMarkup, "the bid has no markup (adm)") }
        guard let price = line.price else { return (.missingBidPrice, "the bid has no price (x-ecpm)") }
        if let floor, price < floor {
            return (
                .belowAuctionFloor,
                "the bid's price \(price) is below the floor \(floor)"
            )
        }
        return nil
    }
}
