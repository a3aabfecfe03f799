import Foundation

/// A response that holds bids, put in auction order before its run: which entries run, in which order, and
/// which bids lose before any line starts (below the floor, no markup, no price, a price out of range or in a
/// currency the auction does not take).
///
/// Prices compare only in the auction's currency (``AuctionPricing``, docs/auction.md, "Money"): each entry's
/// price is taken as an ``AuctionPrice`` and converted through the host's rates when it is in another currency.
///
/// The run itself is the ordinary run machine over ``response``: the same exactly-once outcomes, timeouts,
/// hedging and strategies; its winner is the one sequential would pick over the auction order. After the run,
/// ``settle(trace:signals:)`` gives every bid one outcome and its notices.
struct AuctionPlan: Sendable {
    /// One entry of the first page, in auction order.
    struct Entry: Sendable {
        /// Its index in the response's lines (``AuctionPlan/lines``).
        var index: Int
        /// Its index in the run, when it runs.
        var runLine: Int?
        /// Why the bid lost before the run, when it did.
        var lossBeforeRun: (reason: AuctionLossReason, detail: String)?
        /// Its price in the auction's currency, when it has one that counts in the order (converted if need be,
        /// within the bound).
        var comparablePrice: AuctionPrice?
        /// How its price counted when not as given: converted at the host's rate, or not at all (why).
        var priceNote: String?
        /// Whether the waterfall line runs without its price, which is out of range.
        var runsWithoutPrice = false
    }

    let rule: AuctionOrderRule
    let pricing: AuctionPricing
    let floor: Double?
    /// The response's lines as the server gave them, which ``Entry/index`` counts (the record keeps their prices).
    let lines: [WaterfallLine]
    /// Every entry, in auction order.
    let entries: [Entry]
    /// The response the run runs: the runnable entries in auction order.
    let response: AdResponse

    /// The plan for `response` under `rule` and `pricing`, or `nil` when the response holds no bid (then it runs
    /// in the server's order, untouched).
    init?(response: AdResponse, rule: AuctionOrderRule, pricing: AuctionPricing = .default) {
        guard response.hasBids else { return nil }
        self.rule = rule
        self.pricing = pricing
        floor = response.bidFloor
        lines = response.lines
        // Entries refer to their line by index: the plan copies each runnable line once, into ``response``.
        var entries = response.lines.indices.map { index in
            Self.assess(response.lines[index], at: index, pricing: pricing, floor: response.bidFloor)
        }
        if rule == .unifiedFirstPrice { Self.putInUnifiedOrder(&entries) }
        var runnable: [WaterfallLine] = []
        var runnablePrices: [AuctionPrice?] = []
        runnable.reserveCapacity(entries.count)
        runnablePrices.reserveCapacity(entries.count)
        for place in entries.indices where entries[place].lossBeforeRun == nil {
            entries[place].runLine = runnable.count
            // A line whose price is out of range runs without it: no revenue estimate from a bogus price.
            var line = response.lines[entries[place].index]
            if entries[place].runsWithoutPrice { line.price = nil }
            runnable.append(line)
            runnablePrices.append(entries[place].comparablePrice)
        }
        // The winner's `${AUCTION_MIN_TO_WIN}` in its billing notice: the next price below it among the entries
        // that run, in the bid's own currency. One pass from the bottom: the next priced entry below each line.
        var next: Int?
        for index in runnable.indices.reversed() {
            if runnable[index].isBid {
                let currency = runnable[index].currencyCode ?? NativeAdSource.defaultCurrencyCode
                let nextPrice = next.flatMap { nextIndex in
                    Self.price(of: runnable[nextIndex], comparable: runnablePrices[nextIndex], in: currency, pricing)
                }
                runnable[index].bid?.nextPriceInOrder = nextPrice
            }
            if runnablePrices[index] != nil { next = index }
        }
        self.entries = entries
        var planned = response
        planned.lines = runnable
        self.response = planned
    }

    /// Puts `entries`, in the server's order (``Entry/index``), in the unified first-price order, in place (not into
    /// a sorted copy): highest price (in the auction's currency) first; equal prices keep the server's order; entries
    /// whose price does not count follow every priced entry in the server's order.
    static func putInUnifiedOrder(_ entries: inout [Entry]) {
        entries.sort { left, right in
            switch (left.comparablePrice, right.comparablePrice) {
            case (let l?, let r?):
                switch l.order(relativeTo: r) {
                case .orderedDescending?: return true
                case .orderedAscending?: return false
                default: return left.index < right.index
                }
            case (.some, .none): return true
            case (.none, .some): return false
            default: return left.index < right.index
            }
        }
    }

    /// `line`'s price expressed in `currency`: as given when it is in that currency, else its `comparable` price
    /// (in the auction's currency) when that is `currency` or converts to it; `nil` otherwise.
    static func price(
        of line: WaterfallLine, comparable: AuctionPrice?, in currency: String, _ pricing: AuctionPricing
    ) -> Double? {
        price(line.price, currencyCode: line.currencyCode, comparable: comparable, in: currency, pricing)
    }

    /// ``price(of:comparable:in:_:)`` for a line's `price` and `currencyCode` (`nil`: USD) read out of it.
    static func price(
        _ price: Double?, currencyCode: String?, comparable: AuctionPrice?, in currency: String,
        _ pricing: AuctionPricing
    ) -> Double? {
        if let price, (currencyCode ?? NativeAdSource.defaultCurrencyCode) == currency {
            return price
        }
        return comparable?.converted(to: currency, rates: pricing.rates)?.cpm
    }

    /// The entry for `line` before it is placed: its price in the auction's currency, and for a bid why it loses
    /// before the run, if it does (no markup 7, no price 9, a price that does not count 3, below the floor 100).
    static func assess(_ line: WaterfallLine, at index: Int = 0, pricing: AuctionPricing, floor: Double?) -> Entry {
        var entry = Entry(index: index)
        var refusal: PriceRefusal?
        if let price = line.price {
            switch comparablePrice(of: line, price: price, pricing: pricing) {
            case .success(let comparable):
                entry.comparablePrice = comparable
                if comparable.currency != (line.currencyCode ?? NativeAdSource.defaultCurrencyCode) {
                    entry.priceNote = "its price counts as \(comparable) at the host's exchange rate"
                }
            case .failure(let refused):
                refusal = refused
            }
        }
        guard line.isBid else {
            if let refusal {
                entry.priceNote = "its price does not count in the order: \(refusal.text)"
                entry.runsWithoutPrice = refusal.isOutOfRange
            }
            return entry
        }
        if line.adMarkup == nil {
            entry.lossBeforeRun = (.missingMarkup, "the bid has no markup (adm)")
        } else if line.price == nil {
            entry.lossBeforeRun = (.missingBidPrice, "the bid has no price (x-ecpm)")
        } else if let refusal {
            entry.lossBeforeRun = (.invalidBidResponse, "the bid's \(refusal.text)")
        } else if let floor, let comparable = entry.comparablePrice, comparable.cpm < floor {
            let floorText = AuctionPrice(cpm: floor, currency: pricing.currency).map(String.init(describing:))
            entry.lossBeforeRun = (
                .belowAuctionFloor, "the bid's price \(comparable) is below the floor \(floorText ?? "\(floor)")"
            )
        }
        return entry
    }

    /// Why a price does not count, with where it came from.
    struct PriceRefusal: Error {
        /// Whether the price itself is refused (not finite, negative, above the bound), not its currency.
        var isOutOfRange: Bool
        /// What is wrong, starting with the word `price` or `currency`.
        var text: String
    }

    /// `line`'s price in the auction's currency, or why it has none: a currency that is not ISO 4217, a price
    /// that is not a finite number of 0 or more, no rate to the auction's currency, or above the bound.
    static func comparablePrice(
        of line: WaterfallLine, price: Double, pricing: AuctionPricing
    ) -> Result<AuctionPrice, PriceRefusal> {
        let code = line.currencyCode ?? NativeAdSource.defaultCurrencyCode
        // Where the price and currency came from, written only into a refusal.
        var pricePath: String { line.bid?.pricePath.map { " at \($0)" } ?? "" }
        var currencyPath: String { line.bid?.currencyPath.map { " at \($0)" } ?? "" }
        if let refusal = CurrencyCode.refusal(of: code) {
            return .failure(PriceRefusal(isOutOfRange: false, text: "currency\(currencyPath) is not valid: \(refusal)"))
        }
        guard let given = AuctionPrice(cpm: price, currency: code) else {
            return .failure(
                PriceRefusal(
                    isOutOfRange: true,
                    text: "price \(price) \(code)\(pricePath) is out of range: not a finite number of 0 or more"))
        }
        guard let comparable = given.converted(to: pricing.currency, rates: pricing.rates) else {
            return .failure(
                PriceRefusal(
                    isOutOfRange: false,
                    text: "currency \(code)\(currencyPath) is not the auction's currency \(pricing.currency), and "
                        + "no exchange rate converts it"))
        }
        guard comparable.cpm <= pricing.maximumCPM else {
            let bound = AuctionPrice(cpm: pricing.maximumCPM, currency: pricing.currency)
            let converted = comparable == given ? "" : " (\(comparable))"
            return .failure(
                PriceRefusal(
                    isOutOfRange: true,
                    text: "price \(given)\(converted)\(pricePath) is out of range: above the maximum CPM of "
                        + "\(bound.map(String.init(describing:)) ?? "\(pricing.maximumCPM)")"))
        }
        return .success(comparable)
    }
}
