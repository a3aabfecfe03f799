import Foundation

/// A complete HTTP answer: status and the whole body (never more than the fetch's byte cap; empty when the
/// request did not read the body).
package struct HTTPFetchResponse: Sendable {
    /// The final URL, after redirects.
    package var url: URL
    /// The HTTP status code.
    package var status: Int
    /// The `Content-Type` header, when sent.
    package var contentType: String?
    /// The body bytes.
    package var body: Data
}
