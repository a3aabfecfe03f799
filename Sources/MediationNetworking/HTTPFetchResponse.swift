import Foundation

/// A complete HTTP answer: status, headers and the whole body (never more than the fetch's byte cap).
struct HTTPFetchResponse: Sendable {
    /// The final URL, after redirects.
    var url: URL
    /// The HTTP status code.
    var status: Int
    /// The body bytes.
    var body: Data
}
