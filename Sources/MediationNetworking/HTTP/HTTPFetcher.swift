import Foundation
import MediationCore
import MediationSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The one HTTP reading path of MediationKit: every reader (ad responses, images, trackers, and any later
/// bidder or VAST wrapper) fetches through an `HTTPFetcher`, so that none can forget a limit.
///
/// - Requests run on the process's one ephemeral URLSession (no cookies, no disk cache; ``HTTPSharedSession``),
///   which no fetcher tears down. Long-lived owners (an image precacher, a tracker pinger) have their own fetcher,
///   for a concurrency limit and a waiting line of their own; short-lived ones (ad-response sources) share
///   ``shared``.
/// - At most ``maxConcurrentRequests`` requests of one fetcher are on the wire; later ones wait in order, and a
///   request's timeout starts when it is sent, never while it waits.
/// - Every request asks for `Accept-Encoding: identity`. An answer with any other `Content-Encoding` is refused
///   as soon as its headers arrive, before a byte of its body is decoded, so a compressed bomb never expands.
/// - The body is counted while it arrives and refused past the byte cap; a `Content-Length` over the cap is
///   refused from the headers. The cap and the timeout hold for the body as delivered.
/// - Redirects are followed to http and https URLs only, at most ``maxRedirects`` times.
/// - Each request completes exactly once: with the answer, or with an ``HTTPFetchFailure``.
package final class HTTPFetcher: Sendable {
    /// The most redirects one request follows.
    package static let maxRedirects = 10

    /// The fetcher shared by ad-response sources (and any reader that has no concurrency rule of its own).
    package static let shared = HTTPFetcher(maxConcurrentRequests: 16)

    private var transfers: HTTPTransferTable { HTTPSharedSession.shared.transfers }
    private var session: URLSession { HTTPSharedSession.shared.session }

    private struct Waiting {
        var request: HTTPFetchRequest
        var handle: HTTPFetchHandle
        var completion: @Sendable (Result<HTTPFetchResponse, HTTPFetchFailure>) -> Void
    }

    private struct State {
        var waiting: [Int: Waiting] = [:]
        var order: [Int] = []
        var orderStart = 0
        var running = 0
        var nextNumber = 0
    }

    /// The most requests of this fetcher on the wire at once.
    package let maxConcurrentRequests: Int
    private let state = Locked(State())
    private let sendQueue = DispatchQueue(label: "MediationNetworking.HTTPFetcher.send")

    /// Creates a fetcher that sends at most `maxConcurrentRequests` requests at once (at least 1).
    package init(maxConcurrentRequests: Int) {
        self.maxConcurrentRequests = max(1, maxConcurrentRequests)
    }

    /// GETs `url`; `completion` runs once, on any thread.
    @discardableResult
    package func get(
        _ url: URL, headers: [String: String] = [:], timeout: Duration, maxBytes: Int,
        completion: @escaping @Sendable (Result<HTTPFetchResponse, HTTPFetchFailure>) -> Void
    ) -> HTTPFetchHandle {
        fetch(
            HTTPFetchRequest(url: url, headers: headers, timeout: timeout, maxBytes: maxBytes), completion: completion)
    }

    /// Sends `request` as soon as a slot is free; `completion` runs once, on any thread. The handle cancels it.
    @discardableResult
    package func fetch(
        _ request: HTTPFetchRequest,
        completion: @escaping @Sendable (Result<HTTPFetchResponse, HTTPFetchFailure>) -> Void
    ) -> HTTPFetchHandle {
        guard let scheme = request.url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            completion(.failure(.unsupportedScheme(request.url.scheme)))
            return HTTPFetchHandle(fetcher: nil, number: -1)
        }
        let handle = state.withLock { state in
            state.nextNumber += 1
            let handle = HTTPFetchHandle(fetcher: self, number: state.nextNumber)
            state.waiting[state.nextNumber] = Waiting(request: request, handle: handle, completion: completion)
            state.order.append(state.nextNumber)
            return handle
        }
        // Sent from the fetcher's queue: building and resuming a URLSession task costs tens of microseconds, which
        // a caller such as `NativeAd.recordImpression()` on the main thread should not pay.
        sendQueue.async { [self] in startWaiting() }
        return handle
    }

    /// Cancels request `number`: a waiting one completes with ``HTTPFetchFailure/cancelled`` at once and is never
    /// sent; a sent one is cancelled on the wire and completes with the same failure unless it already ended.
    func cancel(number: Int, taskIdentifier: Int?) {
        if let waiting = state.withLock({ $0.waiting.removeValue(forKey: number) }) {
            waiting.completion(.failure(.cancelled))
            return
        }
        if let taskIdentifier { transfers.fail(taskIdentifier, with: .cancelled) }
    }

    private func startWaiting() {
        while let next = takeNextWaiting() { send(next) }
    }

    private func takeNextWaiting() -> Waiting? {
        state.withLock { state -> Waiting? in
            guard state.running < maxConcurrentRequests else { return nil }
            while state.orderStart < state.order.count {
                let number = state.order[state.orderStart]
                state.orderStart += 1
                if let waiting = state.waiting.removeValue(forKey: number) {
                    state.running += 1
                    compactOrder(&state)
                    return waiting
                }
            }
            compactOrder(&state)
            return nil
        }
    }

    private func compactOrder(_ state: inout State) {
        if state.orderStart > 64, state.orderStart * 2 > state.order.count {
            state.order.removeFirst(state.orderStart)
            state.orderStart = 0
        }
    }

    private func send(_ waiting: Waiting) {
        let request = waiting.request
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        // The fetcher's own timer ends the request at `timeout`; URLSession's idle timeout is only a backstop.
        // It stays at a second or more: FoundationNetworking fails a request at once when it is under one.
        urlRequest.timeoutInterval = max(request.timeout.seconds.rounded(.up), 1) + 1
        for (name, value) in request.headers where name.lowercased() != "accept-encoding" {
            urlRequest.setValue(value, forHTTPHeaderField: name)
        }
        urlRequest.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
        let task = session.dataTask(with: urlRequest)
        let identifier = task.taskIdentifier
        let userCompletion = waiting.completion
        let timeout = request.timeout
        // One timer per request, cancelled when the request ends, so that a finished request leaves nothing behind
        // (a plain `asyncAfter` would hold its closure until the deadline).
        let timer = RequestTimer(after: timeout) { [transfers] in
            transfers.fail(identifier, with: .timedOut(after: timeout))
        }
        transfers.register(identifier, request: request, task: task) { [self] result in
            timer.cancel()
            state.withLock { $0.running -= 1 }
            userCompletion(result)
            startWaiting()
        }
        if waiting.handle.attach(taskIdentifier: identifier) {
            transfers.fail(identifier, with: .cancelled)
            return
        }
        task.resume()
    }
}
