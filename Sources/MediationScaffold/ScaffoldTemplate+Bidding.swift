extension ScaffoldTemplate {
    /// The network surface for bidding: the SDK's bidder-token call.
    static let bidderTokenLoading = ScaffoldTemplate(
        path: "Sources/{{Name}}Adapter/{{Name}}BidderTokenLoading.swift",
        text: #"""
            // FILL IN: this file describes the {{Name}} SDK's bidder-token call (the signal an ad server's auction needs
            // before the ad request). Rename it after the real SDK's call and make the SDK wrapper conform. When the SDK
            // has no such call, delete this file and the bid signal provider, and say so in the README.

            /// The {{Name}} network's bidder-token call.
            ///
            /// Rules for conformers (the wrapper over the real SDK, or ``{{Name}}SandboxNetwork``):
            /// - Answer exactly once through `completion`, from any thread: the token, or `nil` when there is none.
            /// - Never put the host's personal data into the token beyond what the SDK itself may send.
            public protocol {{Name}}BidderTokenLoading: Sendable {
                /// Asks the network for its bidder token, with its child-directed flag (COPPA).
                func loadBidderToken(childDirected: Bool, completion: @escaping @Sendable (String?) -> Void)
            }
            """#)

    /// The bid signal provider over the bidder-token call.
    static let bidSignalProvider = ScaffoldTemplate(
        path: "Sources/{{Name}}Adapter/{{Name}}BidSignalProvider.swift",
        text: #"""
            import MediationBridge

            /// The {{Name}} adapter's bidder: hands the mediator the network's bidder token as its bid signal, so that
            /// the ad server can run an auction for {{Name}} (the conformance kit's `bid-signal-in-time` check).
            ///
            /// - Asks the network with the request's child-directed flag; the mediator never asks for a request the
            ///   privacy settings bar.
            /// - Answers once: the token, or `networkError` when the network has none.
            ///
            /// FILL IN: set `requiresMainThread` when the SDK's token call must run on the main thread.
            public final class {{Name}}BidSignalProvider: BidSignalProvider {
                /// The error domain a missing token is reported under. FILL IN: the SDK's own error domain.
                public static let errorDomain = "com.example.{{domainName}}-network.bidding"

                private let network: any {{Name}}BidderTokenLoading

                /// Creates the provider over the network's token call (the SDK wrapper, or ``{{Name}}SandboxNetwork``).
                public init(network: any {{Name}}BidderTokenLoading) {
                    self.network = network
                }

                /// The {{Name}} custom event, whose bids the signal asks for.
                public var customEventIdentifier: String { {{Name}}NativeCustomEvent.identifier }

                /// `{{Name}}`.
                public var networkName: String { "{{Name}}" }

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
            """#)

    /// Registration of the custom event and its bidder.
    static let registration = ScaffoldTemplate(
        path: "Sources/{{Name}}Adapter/{{Name}}NativeCustomEvent+Registration.swift",
        text: #"""
            import MediationBridge

            extension {{Name}}NativeCustomEvent {
                /// Registers the custom event under ``identifier`` (a fresh one per line over `loader`) and its bidder, a
                /// ``{{Name}}BidSignalProvider`` over `bidderTokens`, whose signal the mediator waits for at most
                /// `signalTimeout`.
                ///
                /// - Throws: `MediationError.invalidConfiguration` when the identifier is taken or already has a bidder.
                public static func register(
                    in registry: inout MediationRegistry, loader: any {{Name}}NativeAdLoading,
                    bidderTokens: any {{Name}}BidderTokenLoading,
                    signalTimeout: Duration = .seconds(1)
                ) throws(MediationError) {
                    try registry.registerCustomEvent(identifier) { {{Name}}NativeCustomEvent(loader: loader) }
                    try registry.registerBidSignalProvider(
                        {{Name}}BidSignalProvider(network: bidderTokens), timeout: signalTimeout)
                }
            }
            """#)
}
