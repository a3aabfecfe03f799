/// One network's bid signal, collected in time for an ad request.
public struct CollectedBidSignal: Sendable, Hashable {
    /// The custom event the signal is for (the key of `bidding_signals` in the ad request).
    public var customEventIdentifier: String
    /// The readable network name.
    public var networkName: String
    /// The network's signal (its bidder token), as the provider gave it. Never logged or traced.
    public var signal: String

    /// Creates a signal.
    package init(customEventIdentifier: String, networkName: String, signal: String) {
        self.customEventIdentifier = customEventIdentifier
        self.networkName = networkName
        self.signal = signal
    }
}
