extension MediationRegistry {
    /// Registers `provider` as the bidder of its custom event: the mediator collects its signal before each ad
    /// request, waiting at most `timeout` (1 second by default; a server can set another per ad response,
    /// docs/auction.md).
    ///
    /// - Throws: ``MediationError/invalidConfiguration(path:reason:)`` when the provider's custom event
    ///   identifier is empty or already has a provider, or `timeout` is not positive.
    public mutating func registerBidSignalProvider(
        _ provider: any BidSignalProvider, timeout: Duration = BidSignalRegistration.defaultTimeout
    ) throws(MediationError) {
        let identifier = provider.customEventIdentifier
        guard !identifier.isEmpty else {
            throw .invalidConfiguration(
                path: "bidSignalProviders", reason: "a custom event identifier must not be empty")
        }
        guard bidSignalProviders[identifier] == nil else {
            throw .invalidConfiguration(
                path: "bidSignalProviders.\(identifier)",
                reason: "custom event '\(identifier)' already has a bid signal provider")
        }
        guard timeout > .zero else {
            throw .invalidConfiguration(
                path: "bidSignalProviders.\(identifier).timeout", reason: "expected a positive timeout, got \(timeout)")
        }
        bidSignalProviders[identifier] = BidSignalRegistration(provider: provider, timeout: timeout)
    }

    /// The custom events that have a bid signal provider, sorted.
    public var biddingCustomEventIdentifiers: [String] { bidSignalProviders.keys.sorted() }

    /// The bid signal provider registered for `identifier`, with its timeout, or `nil`.
    public func bidSignalRegistration(for identifier: String) -> BidSignalRegistration? {
        bidSignalProviders[identifier]
    }
}
