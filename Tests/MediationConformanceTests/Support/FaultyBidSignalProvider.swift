import MediationConformance
import MediationCore

/// The faulty adapter's bidder over the reference sandbox's token call, with the bidding faults of
/// ``AdapterFault``: with any other fault it answers once, in time.
final class FaultyBidSignalProvider: BidSignalProvider {
    private let network: ReferenceSandboxNetwork
    private let fault: AdapterFault

    init(network: ReferenceSandboxNetwork, fault: AdapterFault) {
        self.network = network
        self.fault = fault
    }

    var customEventIdentifier: String { FaultyNativeCustomEvent.identifier }
    var networkName: String { "Faulty" }

    func collectSignal(
        for request: BidSignalRequest, completion: @escaping @Sendable (Result<String, MediationError>) -> Void
    ) {
        let fault = fault
        let clock = network.clock
        network.loadBidderToken(childDirected: request.privacy.isChildDirected) { token in
            let result: Result<String, MediationError> = token.map { .success($0) } ?? .failure(.noFill)
            switch fault {
            case .lateBidSignal:
                _ = clock.schedule(after: BidSignalRegistration.defaultTimeout * 2) { completion(result) }
            case .bidSignalTwice:
                completion(result)
                completion(result)
            default:
                completion(result)
            }
        }
    }
}
