import MediationCore
import MediationSupport
import MediationTesting

/// The ad responses of ``BenchFeed``'s loads: the world's requests in load order (wrapping around), each after its
/// bid signal time on the session's clock, as ``BenchRunner`` builds them.
struct BenchFeedSource: ReadyAdResponseSource {
    let world: BenchWorld
    let clock: ManualClock
    /// The next request of the world; shared by the sessions of one mode.
    let cursor: Locked<Int>

    func fetchAdResponse(
        forAdUnit adUnitID: String, privacy: PrivacySettings, targeting: Targeting,
        completion: @escaping @Sendable (Result<AdResponse, MediationError>) -> Void
    ) {
        let request = cursor.withLock { cursor in
            defer { cursor += 1 }
            return cursor % max(world.requests.count, 1)
        }
        var lines: [WaterfallLine] = []
        for (index, outcome) in world.requests[request].enumerated() {
            let isBid = world.bids.indices.contains(index) && world.bids[index]
            if isBid, world.absentBids[request][index] { continue }
            var line = WaterfallLine(
                customEventIdentifier: BenchCustomEvent.identifier, info: BenchCustomEvent.info(for: outcome),
                adMarkup: isBid ? "bench-markup" : nil, timeout: outcome.timeout, networkName: "line\(index)",
                price: world.prices[index])
            if isBid { line.bid = AuctionBid(bidID: "bid\(index)") }
            lines.append(line)
        }
        let response = AdResponse(lines: lines, adUnitID: adUnitID)
        let signals = world.signalTime(request)
        guard signals > .zero else { return completion(.success(response)) }
        _ = clock.schedule(after: signals) { completion(.success(response)) }
    }
}
