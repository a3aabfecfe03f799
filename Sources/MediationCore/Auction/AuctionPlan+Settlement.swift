import Foundation

extension AuctionPlan {
    /// What the auction decided once its run ended: the record for the trace, whose notices are the win and loss
    /// notices to fire now followed by the billing ones (they fire later, at the winner's first impression, from
    /// its ad).
    struct Settlement: Sendable {
        var record: AuctionRecord

        /// The record's win and loss notices, read in place (they come before the billing ones).
        var noticesToFire: ArraySlice<AuctionNoticeRecord> {
            record.notices.prefix { !$0.firesAtImpression }
        }
    }

    /// Gives every bid exactly one outcome, a win or a loss with its reason, from the run's `trace` (its winner
    /// line, each line's last result).
    func settle(trace: MediationTrace, signals: [BidSignalRecord]) -> Settlement {
        let winnerLine = trace.winner
        let winnerPlace = entries.firstIndex { $0.runLine != nil && $0.runLine == winnerLine }
        // Each run line's last entry of the first page that is its own attempt, found in one pass over the trace.
        var lastEntry = [Int?](repeating: nil, count: response.lines.count)
        for (position, traceEntry) in trace.entries.enumerated()
        where traceEntry.page == 0 && lastEntry.indices.contains(traceEntry.line)
            && !traceEntry.result.isDroppedCallback
        {
            lastEntry[traceEntry.line] = position
        }
        var order: [AuctionRecordEntry] = []
        var notices: [AuctionNoticeRecord] = []
        order.reserveCapacity(entries.count)
        // Most bids send one notice (win or loss) and the winner a billing one too: room for that from the start,
        // rather than the list growing (and being copied) as the notices come.
        notices.reserveCapacity(entries.count + 1)
        // The winner's place, run line and price. A loss notice states the winner's price in the bid's currency: as
        // the winner gave it when in that currency, else converted from the auction's currency; unknown when the
        // winner had no price or it does not convert. Only the price and its currency are kept for the loss notices.
        let winner = winnerPlace.flatMap { place in
            entries[place].runLine.map { runLine in
                (
                    place: place, runLine: runLine, price: response.lines[runLine].price,
                    currencyCode: response.lines[runLine].currencyCode, comparable: entries[place].comparablePrice
                )
            }
        }
        for (place, entry) in entries.enumerated() {
            // The line as the server gave it (its price), with the bid's order data of its run line when it runs.
            let line = lines[entry.index]
            let bid = entry.runLine.map { response.lines[$0].bid } ?? line.bid
            let currency = line.currencyCode ?? NativeAdSource.defaultCurrencyCode
            let last = entry.runLine.flatMap { lastEntry[$0] }.map { trace.entries[$0] }
            let isWinner = entry.runLine != nil && entry.runLine == winnerLine
            var result = isWinner ? "won" : (last?.result.rawValue ?? "not_run")
            var detail = last?.detail
            var lossReason: AuctionLossReason?
            if let loss = entry.lossBeforeRun {
                lossReason = loss.reason
                result = "not_run"
                detail = loss.detail
            } else if let bid, !isWinner {
                lossReason = Self.lossReason(of: last, expiry: bid.expiry, place: place, winnerPlace: winnerPlace)
            }
            if let note = entry.priceNote { detail = detail.map { "\(note); \($0)" } ?? note }
            order.append(
                AuctionRecordEntry(
                    place: place, entryIndex: line.entryIndex, line: entry.runLine,
                    kind: bid == nil ? .waterfall : .bid, customEvent: line.customEventIdentifier,
                    network: line.displayNetworkName, price: line.price, currencyCode: currency,
                    bidID: bid?.bidID, result: result, lossReason: lossReason, detail: detail))
            guard let bid else { continue }
            if isWinner {
                let values = bid.winValues(price: line.price, currency: currency)
                for template in bid.winURLs {
                    guard let url = template.url(expanding: values) else { continue }
                    notices.append(AuctionNoticeRecord(kind: .win, place: place, line: entry.runLine, url: url))
                }
            } else if let lossReason, !bid.lossURLs.isEmpty {
                let winningPrice = winner.flatMap { winner in
                    Self.price(
                        winner.price, currencyCode: winner.currencyCode, comparable: winner.comparable, in: currency,
                        pricing)
                }
                let values = bid.lossValues(reason: lossReason, winningPrice: winningPrice, currency: currency)
                for template in bid.lossURLs {
                    guard let url = template.url(expanding: values) else { continue }
                    notices.append(AuctionNoticeRecord(kind: .loss, place: place, line: entry.runLine, url: url))
                }
            }
        }
        if let winner {
            // The URLs the winner's ad fires at its first impression, expanded as its source expands them, after the
            // notices that fire now.
            for url in response.lines[winner.runLine].billingURLExpansion?() ?? [] {
                notices.append(
                    AuctionNoticeRecord(
                        kind: .billing, place: winner.place, line: winner.runLine, url: url, firesAtImpression: true))
            }
        }
        var record = AuctionRecord(rule: rule, floor: floor, order: order, notices: notices, signals: signals)
        record.currencyCode = pricing.currency
        return Settlement(record: record)
    }

    /// The loss reason of a bid that ran (or was due to run) and did not win; `last` is its last trace entry and
    /// `expiry` the bid's.
    private static func lossReason(
        of last: MediationTraceEntry?, expiry: Duration?, place: Int, winnerPlace: Int?
    ) -> AuctionLossReason {
        if let last {
            if last.errorCode == MediationError.invalidBidMarkup(path: "", reason: "").code {
                return .invalidBidResponse
            }
            switch last.result {
            case .skipped:
                if let expiry, last.start >= expiry { return .impressionOpportunityExpired }
                return .internalError
            case .noFill, .error, .timeout, .missingAdapter:
                return .internalError
            default:
                break
            }
        }
        // It loaded but was not delivered, or never got its turn: a higher entry won, or the run ended first.
        if let winnerPlace, winnerPlace < place { return .lostToHigherBid }
        return .impressionOpportunityExpired
    }
}

extension MediationLineResult {
    /// Whether the entry records a callback the engine dropped rather than the line's own attempt.
    fileprivate var isDroppedCallback: Bool {
        self == .duplicateCallback || self == .lateCallback
    }
}
