import Foundation

/// One HTTP request for an ``HTTPFetcher``: what to send, how long it may take once sent, and how much of the
/// answer to read.
package struct HTTPFetchRequest: Sendable {
    /// The URL; only http and https are fetched.
    package var url: URL
    /// The HTTP method: `GET` or `POST`.
    package var method: String
    /// Header fields to send. `Accept-Encoding` is always `identity` (see ``HTTPFetcher``) and cannot be set.
    package var headers: [String: String]
    /// The body of a `POST`.
    package var body: Data?
    /// How long the request may take from the moment it is sent (not from when it was queued) to the last byte.
    package var timeout: Duration
    /// The most body bytes accepted; a longer answer fails with ``HTTPFetchFailure/tooLarge(limitBytes:status:)``.
    package var maxBytes: Int
    /// Whether the body is read at all: `false` completes as soon as the status line and headers arrive (a
    /// tracker only needs the status), so that no body, however large or slow, costs anything.
    package var readsBody: Bool

    /// Creates a request.
    package init(
        url: URL, method: String = "GET", headers: [String: String] = [:], body: Data? = nil, timeout: Duration,
        maxBytes: Int, readsBody: Bool = true
    ) {
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.maxBytes = maxBytes
        self.readsBody = readsBody
    }
}
