import MediationCore

/// The reference adapter's bidder: hands the mediator the reference network's bidder token as its bid signal
/// (``ReferenceBidderTokenLoading``). `mediation new-adapter` writes the same shape.
///
/// - Asks the network with the request's child-directed flag; the mediator never asks for a request the privacy
///   settings bar.
/// - Answers once: the token, or `networkError` when the network has none.
public final class ReferenceBidSignalProvider: BidSignalProvider {
    /// The error domain a missing token is reported under.
    public static let errorDomain = "com.example.reference-network.bidding"

    private let network: any ReferenceBidderTokenLoading

    /// Creates the provider over the network's token call (the SDK wrapper, or a sandbox stand-in).
    public init(network: any ReferenceBidderTokenLoading) {
        self.network = network
    }

    /// The reference custom event, whose bids the signal asks for.
    public var customEventIdentifier: String { ReferenceNativeCustomEvent.identifier }

    /// `Reference`.
    public var networkName: String { "Reference" }

    /// Asks the network for its bidder token and answers with it.
    public func collectSignal(
        for request: BidSignalRequest, completion: @escaping @Sendable (Result<String, MediationError>) -> Void
    ) {
        network.loadBidderToken(childDirected: request.privacy.isChildDirected) { token in
            guard let token, !token.isEmpty else {
                let info = NetworkErrorInfo(domain: Self.errorDomain, code: 1, message: "no bidder token")
                completion(.failure(.networkError(info)))
                return
            }
            completion(.success(token))
        }
    }
}
