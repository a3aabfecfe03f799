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
        let identifiers = registry.biddingCustomEventIdentifiers
        guard !identifiers.isEmpty else {
            completion(BidSignalCollection())
            return
        }
        let registrations = identifiers.compactMap { registry.bidSignalRegistration(for: $0) }.map {
            ($0, timeout: services.bidSignalTimeout(for: $0))
        }
        let request = BidSignalRequest(adUnitID: adUnitID, format: format, privacy: privacy)
        BidSignalCollector(clock: clock, logger: logger).start(registrations, request: request, completion: completion)
    }

    /// Collects the bid signals for an ad request for `adUnitID`: the async twin of
    /// ``collectBidSignals(adUnitID:format:completion:)``.
    public func collectBidSignals(adUnitID: String, format: BidSignalFormat) async -> BidSignalCollection {
        await withCheckedContinuation { continuation in
            collectBidSignals(adUnitID: adUnitID, format: format) { continuation.resume(returning: $0) }
        }
    }
}
