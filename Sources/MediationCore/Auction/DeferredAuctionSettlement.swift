/// An auction's settlement left until its run's trace is read
/// (``Mediator/settledResult(_:outcome:trace:signals:runID:logger:)``): nothing was due when the run ended, so the
/// record, its loss reasons and its notice URLs are made from the plan, the run's trace and the signals when the
/// trace is read, as ``Mediator/settle(_:trace:signals:runID:logger:)`` would have made them then.
struct DeferredAuctionSettlement: Sendable {
    /// The run's auction plan.
    let plan: AuctionPlan
    /// The request's bid signal records.
    let signals: [BidSignalRecord]

    /// `trace` (the run's, as recorded) with the auction's record.
    func settle(_ trace: MediationTrace) -> MediationTrace {
        Mediator.trace(trace, settledBy: plan.settle(trace: trace, signals: signals)).trace
    }
}
