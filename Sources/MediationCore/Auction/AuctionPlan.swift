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
        var line: WaterfallLine
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
        let assessed = response.lines.map { Self.assess($0, pricing: pricing, floor: response.bidFloor) }
        let ordered = rule == .unifiedFirstPrice ? Self.unifiedOrder(assessed) : assessed
        var entries: [Entry] = []
        var runnable: [WaterfallLine] = []
        var runnablePrices: [AuctionPrice?] = []
        for entry in ordered {
            if entry.lossBeforeRun != nil {
                entries.append(entry)
            } else {
                var entry = entry
                entry.runLine = runnable.count
                // A line whose price is out of range runs without it: no revenue estimate from a bogus price.
                var line = entry.line
                if entry.runsWithoutPrice { line.price = nil }
                entries.append(entry)
                runnable.append(line)
                runnablePrices.append(entry.comparablePrice)
            }
        }
        // The winner's `${AUCTION_MIN_TO_WIN}` in its billing notice: the next price below it among the entries
        // that run, in the bid's own currency.
        for index in runnable.indices where runnable[index].bid != nil {
            let currency = runnable[index].currencyCode ?? NativeAdSource.defaultCurrencyCode
            let next = runnablePrices.indices.dropFirst(index + 1).first { runnablePrices[$0] != nil }
            let nextPrice = next.flatMap { nextIndex in
                Self.price(of: runnable[nextIndex], comparable: runnablePrices[nextIndex], in: currency, pricing)
            }
            runnable[index].bid?.nextPriceInOrder = nextPrice
        }
        for index in entries.indices {
            // The record keeps the price as the server gave it; the run line carries the bid's order data.
            if let runLine = entries[index].runLine, runnable[runLine].bid != nil {
                entries[index].line = runnable[runLine]
            }
        }
        self.entries = entries
        var planned = response
        planned.lines = runnable
        self.response = planned
    }

    /// The unified first-price order: highest price (in the auction's currency) first; equal prices keep the
    /// server's order; entries whose price does not count follow every priced entry in the server's order.
    static func unifiedOrder(_ entries: [Entry]) -> [Entry] {
        let indexed = entries.enumerated().map { (offset: $0.offset, entry: $0.element) }
        return indexed.sorted { left, right in
            switch (left.entry.comparablePrice, right.entry.comparablePrice) {
            case (let l?, let r?):
                switch l.order(relativeTo: r) {
                case .orderedDescending?: return true
                case .orderedAscending?: return false
                default: return left.offset < right.offset
                }
            case (.some, .none): return true
            case (.none, .some): return false
            default: return left.offset < right.offset
            }
        }.map(\.entry)
    }

    /// `line`'s price expressed in `currency`: as given when it is in that currency, else its `comparable` price
    /// (in the auction's currency) when that is `currency` or converts to it; `nil` otherwise.
    static func price(
        of line: WaterfallLine, comparable: AuctionPrice?, in currency: String, _ pricing: AuctionPricing
    ) -> Double? {
        if let price = line.price, (line.currencyCode ?? NativeAdSource.defaultCurrencyCode) == currency {
            return price
        }
        return comparable?.converted(to: currency, rates: pricing.rates)?.cpm
    }

    /// The entry for `line` before it is placed: its price in the auction's currency, and for a bid why it loses
    /// before the run, if it does (no markup 7, no price 9, a price that does not count 3, below the floor 100).
    static func assess(_ line: WaterfallLine, pricing: AuctionPricing, floor: Double?) -> Entry {
        var entry = Entry(line: line)
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
        guard line.bid != nil else {
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
        let pricePath = line.bid?.pricePath.map { " at \($0)" } ?? ""
        let currencyPath = line.bid?.currencyPath.map { " at \($0)" } ?? ""
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
