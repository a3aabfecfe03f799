import MediationCore

/// The demo's stand-in for a network's bidder-token call: answers with a fixed sandbox token after a fixed
/// latency on the demo's clock (or never), so that `mediation demo --auction` shows signal collection, a
/// signal that arrives and one that times out.
final class DemoBidSignalProvider: BidSignalProvider {
    let customEventIdentifier: String
    let networkName: String
    private let latency: Duration?
    private let clock: MediationClock

    /// A provider for `customEventIdentifier` that answers after `latency` (`nil`: never).
    init(customEventIdentifier: String, networkName: String, latency: Duration?, clock: MediationClock) {
        self.customEventIdentifier = customEventIdentifier
        self.networkName = networkName
        self.latency = latency
        self.clock = clock
    }

    func collectSignal(
        for request: BidSignalRequest, completion: @escaping @Sendable (Result<String, MediationError>) -> Void
    ) {
        guard let latency else { return }
        let token = "sandbox-token-\(networkName)-\(request.adUnitID)"
        _ = clock.schedule(after: latency) { completion(.success(token)) }
    }
}
