/// A network's bidder: gives the mediator a bid signal (the network's bidder token) before the ad request, so
/// that the ad server can run an auction for that network (Google's `collectSignals`, MAX's `MASignalProvider`).
///
/// Register one per custom event with ``MediationRegistry/registerBidSignalProvider(_:timeout:)``; the mediator
/// asks every registered provider at once before each ad request and sends the signals it got within their
/// timeouts (docs/auction.md).
///
/// Rules for conformers:
/// - Answer exactly once through `completion`, from any thread, possibly from inside the call. A provider that
///   answers late (after its timeout), fails or answers twice is left out of that request, and the trace says so.
/// - Ask the network SDK for its token with the privacy the request carries (``BidSignalRequest/privacy``, already
///   redacted); never put personal fields of your own into the signal. The mediator does not ask a provider
///   the privacy settings bar (``supportsChildDirectedTraffic`` included).
/// - Return the SDK's token as it is (base64, JSON, any string); the mediator never reads or logs it.
/// - Set ``requiresMainThread`` when the SDK's token call must run on the main thread: the mediator then calls
///   ``collectSignal(for:completion:)`` on the main queue.
public protocol BidSignalProvider: AnyObject, Sendable {
    /// The custom event whose bids this provider's signal asks for (its `x-custom-event-class-name`).
    var customEventIdentifier: String { get }
    /// A readable network name for traces, such as `myTarget`.
    var networkName: String { get }
    /// Whether the network may serve child-directed requests; when `false`, no signal is collected for a
    /// child-directed request. `true` by default.
    var supportsChildDirectedTraffic: Bool { get }
    /// Whether ``collectSignal(for:completion:)`` must be called on the main thread. `false` by default.
    var requiresMainThread: Bool { get }

    /// Collects the network's signal for one ad request and answers once through `completion`: the signal, or
    /// a ``MediationError`` saying why there is none.
    func collectSignal(
        for request: BidSignalRequest, completion: @escaping @Sendable (Result<String, MediationError>) -> Void)
}

extension BidSignalProvider {
    /// Child-directed traffic is supported by default.
    public var supportsChildDirectedTraffic: Bool { true }
    /// Any thread by default.
    public var requiresMainThread: Bool { false }
}
