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
        let response = AdResponse(lines: world.responseLines(forRequest: request).map(\.line), adUnitID: adUnitID)
        let signals = world.signalTime(request)
        guard signals > .zero else { return completion(.success(response)) }
        _ = clock.schedule(after: signals) { completion(.success(response)) }
    }
}
