/// Where a network's start-up is: the six states a MAX or GMA user knows from their debuggers.
///
/// Each case has a stable ``code`` for traces, logs, the inspector and JSON output; the codes never change.
///
/// | Case | ``code`` | Meaning |
/// | --- | --- | --- |
/// | ``notStarted`` | `not_started` | nothing has asked the network to start yet |
/// | ``starting`` | `starting` | the network's SDK is starting; lines for it wait |
/// | ``started`` | `started` | the SDK reported it is ready; lines for it run |
/// | ``failed(_:)`` | `failed` | the SDK reported an error, kept as the network gave it |
/// | ``timedOut`` | `timed_out` | the SDK did not answer within the start-up timeout |
/// | ``notNeeded`` | `not_needed` | the network has no SDK-wide start (an HTTP bidder, VAST); lines run at once |
public enum NetworkStartStatus: Sendable, Hashable, Codable {
    /// Nothing has asked the network to start yet.
    case notStarted
    /// The network's SDK is starting.
    case starting
    /// The network's SDK reported that it is ready.
    case started
    /// The network's SDK failed to start, with the network's own error (usually ``MediationError/networkError(_:)``).
    case failed(MediationError)
    /// The network's SDK did not answer within its start-up timeout.
    case timedOut
    /// The network has no SDK-wide start; its lines run at once.
    case notNeeded

    /// The stable string for traces, logs, the inspector and JSON: `not_started`, `starting`, `started`,
    /// `failed`, `timed_out` or `not_needed`.
    public var code: String {
        switch self {
        case .notStarted: "not_started"
        case .starting: "starting"
        case .started: "started"
        case .failed: "failed"
        case .timedOut: "timed_out"
        case .notNeeded: "not_needed"
        }
    }

    /// Whether the start-up has ended (``started``, ``failed(_:)``, ``timedOut`` or ``notNeeded``): a final status
    /// is the only kind a configuration may report, and the only kind that ends a wait.
    package var isFinal: Bool {
        switch self {
        case .notStarted, .starting: false
        case .started, .failed, .timedOut, .notNeeded: true
        }
    }

    /// Whether lines for the network may run: ``started`` or ``notNeeded``.
    package var isReady: Bool {
        switch self {
        case .started, .notNeeded: true
        case .notStarted, .starting, .failed, .timedOut: false
        }
    }

    /// The network's error when the start-up failed, or ``MediationError/timeout`` when it timed out; otherwise
    /// `nil`.
    public var error: MediationError? {
        switch self {
        case .failed(let error): error
        case .timedOut: .timeout
        case .notStarted, .starting, .started, .notNeeded: nil
        }
    }
}
