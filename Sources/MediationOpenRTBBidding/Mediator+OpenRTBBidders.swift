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
    /// trace's notes say why. Cancelling the calling task cancels the bidders, the request and the run.
    ///
    /// - Returns: the outcome and the trace, whatever the outcome.
    public func mediate(
        adUnitID: String, from source: HTTPAdResponseSource, bidders: [OpenRTBBidder],
        nativeRequest: OpenRTBNativeRequest? = nil
    ) async -> MediationRunResult {
        let privacy = privacy
        let targeting = targeting
        let runID = MediationRunID.next()
        async let outcomes = Self.collectBids(bidders, privacy: privacy, targeting: targeting)
        let signals = await collectBidSignals(adUnitID: adUnitID, format: .native)
        let fetch = AdResponseFetch()
        let fetched: Result<AdResponse, MediationError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                source.startFetch(
                    forAdUnit: adUnitID, privacy: privacy, targeting: targeting, signals: signals.signals,
                    into: fetch
                ) { continuation.resume(returning: $0) }
            }
        } onCancel: {
            fetch.cancel()
        }
        let bids = await outcomes
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
                return MediationRunResult(outcome: .failure(error), trace: trace)
            }
            response = AdResponse(lines: [], adUnitID: adUnitID)
        }
        let (merged, notes) = response.addingBids(bids, nativeRequest: nativeRequest)
        let delivery = OneShotResult<MediationRunResult>()
        let run = mediate(merged, delivery: .immediate, runID: runID, signals: signals.records) {
            delivery.deliver($0)
        }
        let result = await withTaskCancellationHandler {
            await delivery.value
        } onCancel: {
            run.cancel()
        }
        var trace = result.trace
        trace.notes = notes + trace.notes
        return MediationRunResult(outcome: result.outcome, trace: trace)
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

    /// Every bidder's outcome, asked in parallel, named by endpoint, in the bidders' order.
    private static func collectBids(
        _ bidders: [OpenRTBBidder], privacy: PrivacySettings, targeting: Targeting
    ) async -> [(bidder: String, outcome: OpenRTBBidderOutcome)] {
        await withTaskGroup(of: (Int, OpenRTBBidderOutcome).self) { group in
            for (index, bidder) in bidders.enumerated() {
                group.addTask { (index, await bidder.requestBids(privacy: privacy, targeting: targeting)) }
            }
            var outcomes: [(Int, OpenRTBBidderOutcome)] = []
            for await outcome in group { outcomes.append(outcome) }
            return outcomes.sorted { $0.0 < $1.0 }.map { (bidders[$0.0].endpoint.absoluteString, $0.1) }
        }
    }
}
