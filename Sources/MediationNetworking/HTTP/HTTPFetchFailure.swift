import Foundation
import MediationCore
import MediationSupport

/// Why an HTTP fetch gave no complete answer.
package enum HTTPFetchFailure: Error, Sendable, Equatable {
    /// No complete answer within the timeout, counted from the moment the request was sent.
    case timedOut(after: Duration)
    /// The body passed the byte cap; `status` is the answer's status when the headers had arrived.
    case tooLarge(limitBytes: Int, status: Int?)
    /// The URL is not http or https.
    case unsupportedScheme(String?)
    /// The server answered with a `Content-Encoding` that was not asked for (every request asks for
    /// `identity`): the body is refused unread, so that a compressed bomb never expands.
    case encodingRefused(String, status: Int?)
    /// A redirect went to a URL that is not http or https, or past the redirect limit.
    case redirectRefused(String)
    /// The owner cancelled the request.
    case cancelled
    /// The transfer failed below HTTP (refused, reset, cut short, DNS, TLS).
    case transport(String)

    /// The answer's HTTP status, when its headers had arrived before the failure.
    package var status: Int? {
        switch self {
        case .tooLarge(_, let status), .encodingRefused(_, let status): status
        default: nil
        }
    }

    /// The cause alone, without the URL: for messages that name the URL once themselves.
    package var reason: String {
        switch self {
        case .timedOut(let after): "no complete answer within \(after.wholeMilliseconds)ms"
        case .tooLarge(let limitBytes, _): "the body is larger than the \(limitBytes)-byte cap"
        case .unsupportedScheme(let scheme): "only http and https are supported, not \(scheme ?? "no scheme")"
        case .encodingRefused(let encoding, _):
            "the server sent Content-Encoding \"\(encoding)\" though only identity was asked for"
        case .redirectRefused(let reason): reason
        case .cancelled: "cancelled"
        case .transport(let reason): reason
        }
    }

    /// This failure as a ``MediationError`` naming `url`.
    package func mediationError(url: URL) -> MediationError {
        let name = url.absoluteString
        switch self {
        case .timedOut(let after): return .requestTimedOut(url: name, after: after)
        case .tooLarge(let limitBytes, _): return .responseTooLarge(url: name, limitBytes: limitBytes)
        case .cancelled: return .cancelled
        case .unsupportedScheme, .encodingRefused, .redirectRefused, .transport:
            return .requestFailed(url: name, reason: reason)
        }
    }
}
