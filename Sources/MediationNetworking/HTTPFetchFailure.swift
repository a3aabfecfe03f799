import Foundation
import MediationCore

/// Why an HTTP fetch gave no complete answer.
enum HTTPFetchFailure: Error, Sendable, Equatable {
    /// No complete answer within the timeout.
    case timedOut(after: Duration)
    /// The body passed the byte cap; `status` is the answer's status when the headers had arrived.
    case tooLarge(limitBytes: Int, status: Int?)
    /// The URL is not http or https.
    case unsupportedScheme(String?)
    /// The transfer failed below HTTP (refused, reset, cut short, DNS, TLS).
    case transport(String)

    /// This failure as a ``MediationError`` naming `url`.
    func mediationError(url: URL) -> MediationError {
        let name = url.absoluteString
        switch self {
        case .timedOut(let after): return .requestTimedOut(url: name, after: after)
        case .tooLarge(let limitBytes, _): return .responseTooLarge(url: name, limitBytes: limitBytes)
        case .unsupportedScheme(let scheme):
            return .requestFailed(url: name, reason: "only http and https are supported, not \(scheme ?? "no scheme")")
        case .transport(let reason): return .requestFailed(url: name, reason: reason)
        }
    }
}
