import Foundation

extension Mediator {
    /// Settles `plan` after its run ended with `trace`: fires each bid's win or loss notices once through the
    /// tracker pinger (durable in production) and returns the trace with the auction's record. Without a plan
    /// (no bids), the record holds the signals only. A run cancelled before any line started fires no notice.
    func settle(
        _ plan: AuctionPlan?, trace: MediationTrace, signals: [BidSignalRecord], runID: MediationRunID,
        logger: any MediationLogger
    ) -> MediationTrace {
        guard let plan else {
            var trace = trace
            if !signals.isEmpty { trace.auction = AuctionRecord(rule: auctionOrder, signals: signals) }
            return trace
        }
        let settlement = plan.settle(trace: trace, signals: signals)
        let (settled, isUnsent) = Self.trace(trace, settledBy: settlement)
        if isUnsent {
            logger.log(.info, "auction not settled: cancelled before any line started; no notice sent")
            return settled
        }
        let pinger = services.trackerPinger
        for notice in settlement.noticesToFire {
            let owner =
                pinger.discardsPings ? nil : "\(MediationRunID.launchToken)-\(runID.number)/auction/\(notice.place)"
            pinger.ping(TrackerPing(url: notice.url, event: notice.kind.pingEvent, owner: owner))
        }
        logger.log(
            .info,
            "auction settled: \(settlement.record.order.count) entries, "
                + "\(settlement.noticesToFire.filter { $0.kind == .win }.count) win and "
                + "\(settlement.noticesToFire.filter { $0.kind == .loss }.count) loss notices, "
                + "\(settlement.record.order.filter { $0.lossReason != nil }.count) bids lost")
        return settled
    }

    /// `trace` with `settlement`'s record, and whether the run was cancelled before any line started: then the
    /// auction never took place, nothing goes on the wire, and the record keeps each bid's place and loss reason
    /// and no notice.
    static func trace(
        _ trace: MediationTrace, settledBy settlement: AuctionPlan.Settlement
    ) -> (trace: MediationTrace, isUnsent: Bool) {
        var trace = trace
        var record = settlement.record
        let isUnsent = trace.outcome == MediationError.cancelled.code && trace.entries.isEmpty
        if isUnsent {
            record.notices = []
            trace.notes.append("the run was cancelled before any line started: no auction notice was sent")
        }
        trace.auction = record
        return (trace, isUnsent)
    }
}
