import Foundation
import MediationCore
import MediationNetworking
import MediationOpenRTB

extension Mediator {
    /// Loads an ad for `adUnitID` from one unified auction of the ad server's answer and client-side OpenRTB
    /// bidders (docs/openrtb.md, docs/auction.md).
    ///
    /// The bidders are asked in parallel with the ad request (which first collects the registered bid signals
    /// and POSTs them). Bids that came back within each bidder's `tmax` join the server's entries as bids of
    /// ``MediationOpenRTB/OpenRTBNativeCustomEvent`` (register it with `registerOpenRTBNative(nativeRequest:limits:)`
    /// and a renderer configuration); the run orders everything by price and settles every bid with its win or
    /// loss notice. A bidder with no bid (HTTP 204, `nbr`, a timeout, an invalid response) is left out, and the
    /// trace's notes say why.
    ///
    /// Cancelling the calling task ends the load at once, whatever stage it is in, with `MediationError.cancelled`:
    /// the bid signal collection (the providers that have not answered are left out whatever their timeouts, and
    /// no ad request is sent), the ad request and the bidders' requests (stopped on the wire), the gap before the
    /// run (which then starts no line, and no bid hears a notice), or the run. An already cancelled task asks no
    /// bidder and no provider.
    ///
    /// - Returns: the outcome and the trace, whatever the outcome.
    public func mediate(
        adUnitID: String, from source: HTTPAdResponseSource, bidders: [OpenRTBBidder],
        nativeRequest: OpenRTBNativeRequest? = nil
    ) async -> MediationRunResult {
        guard !Task.isCancelled else {
            let note = "cancelled before the load for ad unit \(adUnitID) began: no request was sent"
            return MediationRunResult(
                outcome: .failure(.cancelled),
                trace: MediationTrace(outcome: MediationError.cancelled.code, notes: [note]))
        }
        // One control for every stage: the task's cancel reaches the collection, the ad request and the run,
        // whichever is under way, and a stage that starts after the cancel does nothing (the bidders, child tasks,
        // are cancelled with the task).
        let control = HTTPLoadControl()
        return await withTaskCancellationHandler {
            await loadAuction(
                adUnitID: adUnitID, from: source, bidders: bidders, nativeRequest: nativeRequest, control: control)
        } onCancel: {
            control.cancel()
        }
    }

    /// ``mediate(adUnitID:from:bidders:nativeRequest:)`` under `control`, which the task's cancel cancels.
    private func loadAuction(
        adUnitID: String, from source: HTTPAdResponseSource, bidders: [OpenRTBBidder],
        nativeRequest: OpenRTBNativeRequest?, control: HTTPLoadControl
    ) async -> MediationRunResult {
        let privacy = privacy
        let targeting = targeting
        let runID = MediationRunID.next()
        // A capped or paced ad unit asks no bidder, no provider and no ad server (docs/ready-ads.md).
        if let (error, trace) = frequencyCapRefusal(
            forAdUnit: adUnitID, logger: logger.scoped(toRun: runID, adUnit: adUnitID))
        {
            return MediationRunResult(outcome: .failure(error), trace: trace)
        }
        async let outcomes = Self.collectBids(bidders, privacy: privacy, targeting: targeting, isTestMode: isTestMode)
        let collector = BidSignalCollector(clock: clock, logger: logger.scoped(toRun: runID, adUnit: adUnitID))
        control.collecting(collector)
        let signals = await withCheckedContinuation { continuation in
            collectBidSignals(adUnitID: adUnitID, format: .native, using: collector) {
                continuation.resume(returning: $0)
            }
        }
        control.fetching()
        // Cancelled already (during the collection): completes at once, and sends nothing.
        let fetched: Result<AdResponse, MediationError> = await withCheckedContinuation { continuation in
            source.startFetch(
                forAdUnit: adUnitID, privacy: privacy, targeting: targeting, signals: signals.signals,
                isTestMode: isTestMode, into: control.fetch
            ) { continuation.resume(returning: $0) }
        }
        let bids = await outcomes
        // The ad request and each bid request as they went on the wire, for the trace.
        let requests = [control.fetch.wireRecord].compactMap { $0 } + bids.compactMap(\.outcome.request)
        if control.isCancelled {
            // Whatever came back, nothing runs: no line, no notice.
            let cancelled = Self.cancelledResult(
                adUnitID: adUnitID, signals: signals, bids: bids, nativeRequest: nativeRequest, rule: auctionOrder)
            var trace = cancelled.trace
            trace.requests = requests
            return cancelled.replacingTrace(trace)
        }
        let response: AdResponse
        switch fetched {
        case .success(let answered):
            response = answered
        case .failure(let error):
            // Without the server's answer the bids still make an auction of their own.
            guard bids.contains(where: { !$0.outcome.bids.isEmpty }) else {
                var trace = MediationTrace(
                    outcome: error.code, notes: ["the ad request for ad unit \(adUnitID) failed: \(error)"])
                trace.notes += AdResponse(lines: []).addingBids(bids, nativeRequest: nativeRequest).notes
                trace.requests = requests
                return MediationRunResult(outcome: .failure(error), trace: trace)
            }
            response = AdResponse(lines: [], adUnitID: adUnitID)
        }
        let (merged, notes) = response.addingBids(bids, nativeRequest: nativeRequest)
        // The control gets the run before it starts: a cancel that came meanwhile ends it unstarted.
        let result = await withCheckedContinuation { continuation in
            _ = mediate(
                merged, delivery: .immediate, runID: runID, signals: signals.records, willStart: control.started
            ) { continuation.resume(returning: $0) }
        }
        var trace = result.trace
        trace.notes = notes + trace.notes
        trace.requests = requests
        return result.replacingTrace(trace)
    }

    /// ``mediate(adUnitID:from:bidders:nativeRequest:)``, returning the ad.
    ///
    /// - Throws: `MediationFailure` with the error and the trace when no ad was delivered.
    public func loadNativeAd(
        adUnitID: String, from source: HTTPAdResponseSource, bidders: [OpenRTBBidder],
        nativeRequest: OpenRTBNativeRequest? = nil
    ) async throws(MediationFailure) -> NativeAd {
        try await mediate(adUnitID: adUnitID, from: source, bidders: bidders, nativeRequest: nativeRequest).get()
    }

    /// The result of a load cancelled before its run: `cancelled`, with the signals' record and the bidders'
    /// notes, and a note naming the stage the cancel ended.
    private static func cancelledResult(
        adUnitID: String, signals: BidSignalCollection, bids: [(bidder: String, outcome: OpenRTBBidderOutcome)],
        nativeRequest: OpenRTBNativeRequest?, rule: AuctionOrderRule
    ) -> MediationRunResult {
        let stage =
            signals.records.contains { $0.result == .cancelled }
            ? "while the bid signals were collected: no ad request was sent"
            : "while the ad response and the bids were awaited: no line ran, no notice was sent"
        var trace = MediationTrace(
            outcome: MediationError.cancelled.code, notes: ["load for ad unit \(adUnitID) cancelled \(stage)"])
        trace.notes += AdResponse(lines: []).addingBids(bids, nativeRequest: nativeRequest).notes
        if !signals.records.isEmpty { trace.auction = AuctionRecord(rule: rule, signals: signals.records) }
        return MediationRunResult(outcome: .failure(.cancelled), trace: trace)
    }

    /// Every bidder's outcome, asked in parallel, named by endpoint, in the bidders' order; every bid request
    /// says `"test": 1` when `isTestMode` (the host-wide test mode).
    private static func collectBids(
        _ bidders: [OpenRTBBidder], privacy: PrivacySettings, targeting: Targeting, isTestMode: Bool
    ) async -> [(bidder: String, outcome: OpenRTBBidderOutcome)] {
        await withTaskGroup(of: (Int, OpenRTBBidderOutcome).self) { group in
            for (index, bidder) in bidders.enumerated() {
                group.addTask {
                    let bidder = isTestMode ? bidder.inTestMode() : bidder
                    return (index, await bidder.requestBids(privacy: privacy, targeting: targeting))
                }
            }
            var outcomes: [(Int, OpenRTBBidderOutcome)] = []
            for await outcome in group { outcomes.append(outcome) }
            return outcomes.sorted { $0.0 < $1.0 }.map { (bidders[$0.0].endpoint.absoluteString, $0.1) }
        }
    }
}
