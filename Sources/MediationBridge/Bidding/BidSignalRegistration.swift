/// A registered ``BidSignalProvider`` with how long the mediator waits for its signal.
public struct BidSignalRegistration: Sendable {
    /// The default wait for one provider's signal: 1 second.
    @usableFromInline package static let defaultTimeout: Duration = .seconds(1)

    /// The provider.
    public let provider: any BidSignalProvider
    /// How long the mediator waits for the signal before leaving the network out of the request.
    public let timeout: Duration

    /// Creates a registration.
    package init(provider: any BidSignalProvider, timeout: Duration = BidSignalRegistration.defaultTimeout) {
        self.provider = provider
        self.timeout = timeout
    }
}
