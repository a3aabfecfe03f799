/// How one tracker ping is doing, as its pinger reports it (``TrackerPingStatusReporting``).
public enum TrackerPingDeliveryStatus: String, Sendable, Hashable, Codable, CaseIterable {
    /// Waiting for a slot, or on the wire.
    case sending
    /// The server answered with a 2xx or 3xx status.
    case delivered
    /// An attempt failed; the ping waits for its next attempt, kept in the journal when it is a journaled kind.
    case pendingRetry = "pending_retry"
    /// Given up: the server refused it with a 4xx status, or the ping was dropped (a bound).
    case failed
    /// Not sent at all: the pinger's URL rules refused it (not http(s), or cleartext).
    case refused

    /// The words the inspector shows.
    public var description: String {
        switch self {
        case .sending: "sending"
        case .delivered: "delivered"
        case .pendingRetry: "pending in the journal (retried later)"
        case .failed: "failed"
        case .refused: "refused by the URL policy (not sent)"
        }
    }
}
