extension Mediator {
    /// Collects the bid signal of every registered ``BidSignalProvider`` for an ad request for `adUnitID`, in
    /// parallel, with this mediator's privacy; calls `completion` once, as soon as every provider has answered or
    /// timed out (never later than the largest timeout), on the thread of the last answer or timer.
    ///
    /// `HTTPAdResponseSource`-based loads call it for you before the ad request (docs/auction.md). Providers the
    /// privacy settings bar are not asked.
    public func collectBidSignals(
        adUnitID: String, format: BidSignalFormat,
        completion: @escaping @Sendable (BidSignalCollection) -> Void
    ) {
        collectBidSignals(
            adUnitID: adUnitID, format: format, using: BidSignalCollector(clock: clock, logger: logger),
            completion: completion)
    }

    /// ``collectBidSignals(adUnitID:format:completion:)`` through `collector`, whose `cancel()` ends the collection
    /// at once (the completion then runs on the cancelling thread). A collector cancelled before this call asks no
    /// provider and completes at once.
    package func collectBidSignals(
        adUnitID: String, format: BidSignalFormat, using collector: BidSignalCollector,
        completion: @escaping @Sendable (BidSignalCollection) -> Void
    ) {
        let identifiers = registry.biddingCustomEventIdentifiers
        guard !identifiers.isEmpty else {
            completion(BidSignalCollection())
            return
        }
        let registrations = identifiers.compactMap { registry.bidSignalRegistration(for: $0) }.map {
            ($0, timeout: services.bidSignalTimeout(for: $0))
        }
        let request = BidSignalRequest(adUnitID: adUnitID, format: format, privacy: privacy)
        collector.start(registrations, request: request, services: services, completion: completion)
    }

    /// Collects the bid signals for an ad request for `adUnitID`: the async twin of
    /// ``collectBidSignals(adUnitID:format:completion:)``.
    ///
    /// Cancelling the calling task ends the collection at once, whatever the providers' timeouts: the providers
    /// that have not answered are left out, their trace records saying `cancelled` (an already cancelled task asks
    /// none), and the call returns the signals that arrived before.
    public func collectBidSignals(adUnitID: String, format: BidSignalFormat) async -> BidSignalCollection {
        let collector = BidSignalCollector(clock: clock, logger: logger)
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                collectBidSignals(adUnitID: adUnitID, format: format, using: collector) {
                    continuation.resume(returning: $0)
                }
            }
        } onCancel: {
            collector.cancel()
        }
    }
}
