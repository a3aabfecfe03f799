/// The adapter configuration of one network: MoPub's fourth bridge part (`MPAdapterConfiguration`), GMA's
/// `setUpWithConfiguration:completionHandler:` and MAX's `initializeWithParameters:completionHandler:` in one
/// protocol. It starts the network's SDK, says which versions it is and, for a bidding network, gives a token.
///
/// The engine starts every configuration the host registers in parallel (`Mediator.startNetworks`), each within a
/// timeout (10 seconds unless the host or the ad server sets another), off the main thread unless
/// ``startsOnMainActor`` says otherwise; a line whose network has not started waits for it within the
/// line's own timeout. docs/writing-an-adapter.md, "Network start-up", walks through one.
///
/// Rules for conformers:
/// - ``start(with:completion:)`` calls `completion` **exactly once** with a final status (``NetworkStartStatus``:
///   `started`, `failed`, `notNeeded`; the engine decides `timedOut`), from any thread, after the SDK is really
///   ready: lines run the moment it is called. An SDK that may call back twice or never is wrapped in a
///   ``NetworkStartCompletion``.
/// - Keep the network's error: `failed(.networkError(NetworkErrorInfo(domain:code:message:)))` with the SDK's own
///   domain, code and message.
/// - Pass ``NetworkStartParameters/values`` and ``NetworkStartParameters/isTestMode`` to the SDK unchanged.
/// - Starting must tolerate being asked more than once (MoPub: "must account for being called multiple times");
///   the engine asks once per process, and the kit checks the rest.
/// - The properties are constants; reading them must not start, log or touch the network.
public protocol NetworkAdapterConfiguration: Sendable {
    /// The readable network name, such as `myTarget`: the key of the host's and the server's parameters, of the
    /// on-disk cache and of the inspector's and the demo's start-up rows.
    var networkName: String { get }
    /// The adapter's version, such as `0.1.0`.
    var adapterVersion: String { get }
    /// The network SDK's version the adapter was built against, such as `5.46.0`.
    var networkSDKVersion: String { get }
    /// The custom event identifiers (the server's `x-custom-event-class-name` values) whose lines need this
    /// network started; the engine makes such a line wait for the start-up.
    var customEventIdentifiers: [String] { get }
    /// Whether ``start(with:completion:)`` must be called on the main actor (MAX's per-adapter main-thread flag).
    /// `false` by default: the engine starts networks on a background queue.
    var startsOnMainActor: Bool { get }
    /// The network's bidding token for a bid request, or `nil` when the network has none (the default).
    var biddingToken: String? { get }

    /// Starts the network's SDK with `parameters` and calls `completion` exactly once with the final status.
    func start(with parameters: NetworkStartParameters, completion: @escaping @Sendable (NetworkStartStatus) -> Void)
}
