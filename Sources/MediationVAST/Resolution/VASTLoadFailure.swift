/// Why a wrapper's document could not be fetched: both end the chain with VAST 301.
public enum VASTLoadFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// No complete answer within the time allowed.
    case timedOut
    /// The document could not be had (connection refused, HTTP error status, too large…), and why.
    case unavailable(String)

    /// The failure in words.
    public var description: String {
        switch self {
        case .timedOut: "timed out"
        case .unavailable(let reason): "unavailable: \(reason)"
        }
    }
}
