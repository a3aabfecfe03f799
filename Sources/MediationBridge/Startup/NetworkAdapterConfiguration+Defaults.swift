extension NetworkAdapterConfiguration {
    /// `false`: the engine starts the network on a background queue.
    public var startsOnMainActor: Bool { false }

    /// `nil`: the network has no bidding token.
    public var biddingToken: String? { nil }

    /// Starts the network and returns its final status: ``start(with:completion:)`` awaited, with a second call
    /// of the completion ignored. Without a timeout of its own: the engine's start-up adds one.
    public func start(with parameters: NetworkStartParameters) async -> NetworkStartStatus {
        await withCheckedContinuation { continuation in
            let once = NetworkStartCompletion { continuation.resume(returning: $0) }
            start(with: parameters) { once.report($0) }
        }
    }
}
