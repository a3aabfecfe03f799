import Foundation
import MediationCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Runs GET requests on one URLSession and hands back whole bodies, refusing a body as soon as it passes a
/// byte cap (while it streams, never after buffering it) and ending a request at its timeout, whatever the
/// server does.
///
/// The session keeps its delegate until ``invalidate()``; owners call it when they go away.
final class HTTPFetcher: Sendable {
    private let session: URLSession
    private let transfers: HTTPTransferTable

    /// Creates a fetcher on an ephemeral session (no cookies, no disk cache) that follows redirects.
    init() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        let transfers = HTTPTransferTable()
        self.transfers = transfers
        session = URLSession(configuration: configuration, delegate: transfers, delegateQueue: nil)
    }

    /// Lets requests in flight finish, then releases the session.
    func invalidate() {
        session.finishTasksAndInvalidate()
    }

    /// GETs `url` with `headers`; `completion` runs once, on any thread.
    func get(
        _ url: URL, headers: [String: String] = [:], timeout: Duration, maxBytes: Int,
        completion: @escaping @Sendable (Result<HTTPFetchResponse, HTTPFetchFailure>) -> Void
    ) {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            completion(.failure(.unsupportedScheme(url.scheme)))
            return
        }
        var request = URLRequest(url: url)
        request.httpMethod = "GET"
        // The fetcher's own timer ends the request at `timeout`; URLSession's idle timeout is only a backstop.
        // It stays at a second or more: FoundationNetworking fails a request at once when it is under one.
        request.timeoutInterval = max(timeout.seconds.rounded(.up), 1) + 1
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let task = session.dataTask(with: request)
        let identifier = task.taskIdentifier
        transfers.register(
            identifier, url: url, maxBytes: maxBytes, timeout: timeout, task: task, completion: completion)
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout.seconds) { [transfers] in
            transfers.fail(identifier, with: .timedOut(after: timeout))
        }
        task.resume()
    }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
