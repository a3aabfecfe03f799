import Foundation

extension Mediator {
    /// Settles `plan` after its run ended with `trace`: fires each bid's win or loss notices once through the
    /// tracker pinger (durable in production) and returns the trace with the auction's record. Without a plan
    /// (no bids), the record holds the signals only. A run cancelled before any line started fires no notice.
    func settle(
        _ plan: AuctionPlan?, trace: MediationTrace, signals: [BidSignalRecord], runID: MediationRunID,
        logger: any MediationLogger
    ) -> MediationTrace {
        var trace = trace
        guard let plan else {
            if !signals.isEmpty { trace.auction = AuctionRecord(rule: auctionOrder, signals: signals) }
            return trace
        }
        let settlement = plan.settle(trace: trace, signals: signals)
        if trace.outcome == MediationError.cancelled.code, trace.entries.isEmpty {
            // Cancelled before any line started (a load cancelled as its run was made): the auction never took place,
            // so nothing goes on the wire. The record keeps each bid's place and loss reason, and no notice.
            var record = settlement.record
            record.notices = []
            trace.auction = record
            trace.notes.append("the run was cancelled before any line started: no auction notice was sent")
            logger.log(.info, "auction not settled: cancelled before any line started; no notice sent")
            return trace
        }
        let pinger = services.trackerPinger
        // Each notice's owner is the run's prefix and the bid's place. The notices go to the pinger together, so
        // that a journaling pinger makes them durable in one write before the result is delivered.
        let ownerPrefix = pinger.discardsPings ? nil : "\(MediationRunID.launchToken)-\(runID.number)/auction/"
        pinger.ping(
            contentsOf: settlement.noticesToFire.map { notice in
                TrackerPing(
                    url: notice.url, event: notice.kind.pingEvent, owner: ownerPrefix.map { $0 + String(notice.place) })
            })
        // Counted only for the message, built only when the level is enabled.
        logger.log(
            .info,
            "auction settled: \(settlement.record.order.count) entries, "
                + "\(settlement.noticesToFire.count(where: { $0.kind == .win })) win and "
                + "\(settlement.noticesToFire.count(where: { $0.kind == .loss })) loss notices, "
                + "\(settlement.record.order.count(where: { $0.lossReason != nil })) bids lost")
        trace.auction = settlement.record
        return trace
    }
}
