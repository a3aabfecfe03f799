import Foundation
import MediationCore
import MediationSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The URLSession delegate behind every ``HTTPFetcher``: refuses unasked-for encodings and oversized bodies
/// from the headers, collects each task's bytes up to its cap, and completes each task exactly once (success,
/// size cap, refusal, timeout, cancellation or transport failure, whichever comes first).
///
/// On Linux its calls run in place on FoundationNetworking's work queue (``HTTPInlineDelegateQueue``), inside
/// libcurl's callbacks: each is short, none waits for that queue, and a transfer that ends in one of them completes
/// on a global queue, so that no caller's completion runs there (a completion that starts the next request would
/// wait for the very queue it runs on).
final class HTTPTransferTable: NSObject, URLSessionDataDelegate, Sendable {
    private struct Transfer {
        var request: HTTPFetchRequest
        var task: URLSessionDataTask
        var body = Data()
        var redirects = 0
        var completion: @Sendable (Result<HTTPFetchResponse, HTTPFetchFailure>) -> Void

        /// Appends `data` to the body in place, unless the body would pass the cap: `false` then, and nothing is
        /// appended. (Read through a copy of the transfer, the body would be copied whole for every piece.)
        mutating func collect(_ data: Data) -> Bool {
            guard data.count <= request.maxBytes - body.count else { return false }
            body.append(data)
            return true
        }
    }

    /// Whether a `.cancel` response disposition cancels the task. FoundationNetworking ignores the disposition
    /// (it logs "Ignoring disposition from completion handler" and reads on), so on Linux a refused task is
    /// cancelled explicitly; Apple's URLSession cancels it, as documented for `URLSession.ResponseDisposition.cancel`.
    #if canImport(FoundationNetworking)
        private static let dispositionCancels = false
    #else
        private static let dispositionCancels = true
    #endif

    /// What the headers decide for a transfer.
    private enum ResponseVerdict {
        /// The body is read.
        case allow
        /// The transfer already ended (cancelled, timed out).
        case gone
        /// The transfer ends here with this result: refused, or a status-only read answered.
        case end(Transfer, Result<HTTPFetchResponse, HTTPFetchFailure>)
    }

    private let transfers = Locked<[Int: Transfer]>([:])

    /// Tracks a task that is about to start.
    func register(
        _ identifier: Int, request: HTTPFetchRequest, task: URLSessionDataTask,
        completion: @escaping @Sendable (Result<HTTPFetchResponse, HTTPFetchFailure>) -> Void
    ) {
        transfers.withLock { $0[identifier] = Transfer(request: request, task: task, completion: completion) }
    }

    /// Ends the task with `failure` unless it already ended, and cancels it; the completion runs on the calling
    /// thread (a timer's, or the owner's when it cancels).
    func fail(_ identifier: Int, with failure: HTTPFetchFailure) {
        guard let transfer = take(identifier) else { return }
        Self.cancel(transfer.task)
        transfer.completion(.failure(failure))
    }

    /// Removes the transfer of task `identifier`; `nil` when it already ended.
    private func take(_ identifier: Int) -> Transfer? {
        transfers.withLock { $0.removeValue(forKey: identifier) }
    }

    /// Ends `transfer`, taken from the table by a delegate call, with `result`: cancels its task when
    /// `cancelsTask`, and runs its completion on a global queue, off the delegate's thread.
    private static func end(
        _ transfer: Transfer, cancelsTask: Bool, with result: Result<HTTPFetchResponse, HTTPFetchFailure>
    ) {
        if cancelsTask { cancel(transfer.task) }
        let completion = transfer.completion
        DispatchQueue.global().async { completion(result) }
    }

    /// Cancels `task` from a global queue. FoundationNetworking's `cancel()` waits for the session's work queue,
    /// on which the delegate runs on Linux (``HTTPInlineDelegateQueue``): called there, it would never return.
    private static func cancel(_ task: URLSessionDataTask) {
        DispatchQueue.global().async { task.cancel() }
    }

    /// Refuses an encoding other than identity, and a `Content-Length` over the cap, as soon as the headers
    /// arrive; a status-only read (a tracker ping) ends here. A refused task is cancelled through its disposition
    /// on Apple platforms and explicitly on Linux, where the disposition is ignored (``dispositionCancels``).
    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let identifier = dataTask.taskIdentifier
        guard let http = response as? HTTPURLResponse else {
            completionHandler(.allow)
            return
        }
        let encoding = http.value(forHTTPHeaderField: "Content-Encoding")?.trimmingCharacters(in: .whitespaces)
        let verdict = transfers.withLock { transfers -> ResponseVerdict in
            guard let index = transfers.index(forKey: identifier) else { return .gone }
            let request = transfers.values[index].request
            if let encoding, !encoding.isEmpty, encoding.lowercased() != "identity" {
                let failure = HTTPFetchFailure.encodingRefused(encoding, status: http.statusCode)
                return .end(transfers.remove(at: index).value, .failure(failure))
            }
            if !request.readsBody {
                let transfer = transfers.remove(at: index).value
                return .end(transfer, .success(Self.answer(http, transfer)))
            }
            if http.expectedContentLength > Int64(request.maxBytes) {
                let failure = HTTPFetchFailure.tooLarge(limitBytes: request.maxBytes, status: http.statusCode)
                return .end(transfers.remove(at: index).value, .failure(failure))
            }
            if http.expectedContentLength > 0 {
                transfers.values[index].body.reserveCapacity(Int(http.expectedContentLength))
            }
            return .allow
        }
        switch verdict {
        case .allow:
            completionHandler(.allow)
        case .gone:
            completionHandler(.cancel)
        case .end(let transfer, let result):
            completionHandler(.cancel)
            let succeeded = if case .success = result { true } else { false }
            Self.end(transfer, cancelsTask: succeeded || !Self.dispositionCancels, with: result)
        }
    }

    /// Collects a piece of the body, or ends the transfer at the cap: the piece that would pass the cap is not
    /// kept, the body collected so far is released at once, and the task is cancelled. Pieces that arrive
    /// before the cancel lands find no transfer and are dropped as they arrive.
    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let identifier = dataTask.taskIdentifier
        let overflowing = transfers.withLock { transfers -> Transfer? in
            guard let index = transfers.index(forKey: identifier) else { return nil }
            if transfers.values[index].collect(data) { return nil }
            return transfers.remove(at: index).value
        }
        guard var overflowing else { return }
        overflowing.body = Data()
        let status = (dataTask.response as? HTTPURLResponse)?.statusCode
        Self.end(
            overflowing, cancelsTask: true,
            with: .failure(.tooLarge(limitBytes: overflowing.request.maxBytes, status: status)))
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        let identifier = task.taskIdentifier
        let scheme = request.url?.scheme?.lowercased()
        guard scheme == "http" || scheme == "https" else {
            completionHandler(nil)
            refuseRedirect(identifier, "a redirect to a \(scheme ?? "schemeless") URL is not followed")
            return
        }
        let count = transfers.withLock { transfers -> Int? in
            transfers[identifier]?.redirects += 1
            return transfers[identifier]?.redirects
        }
        guard let count, count <= HTTPFetcher.maxRedirects else {
            completionHandler(nil)
            refuseRedirect(identifier, "more than \(HTTPFetcher.maxRedirects) redirects")
            return
        }
        completionHandler(request)
    }

    /// An authentication challenge (a 401 with `WWW-Authenticate`) gets the default handling, answered from a
    /// global queue: on Linux FoundationNetworking may suspend or cancel the task from the answer, and both wait
    /// for the work queue this call runs on (``HTTPInlineDelegateQueue``).
    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        DispatchQueue.global().async { completionHandler(.performDefaultHandling, nil) }
    }

    private func refuseRedirect(_ identifier: Int, _ reason: String) {
        guard let transfer = take(identifier) else { return }
        Self.end(transfer, cancelsTask: true, with: .failure(.redirectRefused(reason)))
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let transfer = take(task.taskIdentifier) else { return }
        let result: Result<HTTPFetchResponse, HTTPFetchFailure>
        if let urlError = error as? URLError, urlError.code == .timedOut {
            result = .failure(.timedOut(after: transfer.request.timeout))
        } else if let error {
            result = .failure(.transport(Self.describe(error)))
        } else if let response = task.response as? HTTPURLResponse {
            result = .success(Self.answer(response, transfer))
        } else {
            result = .failure(.transport("no HTTP response"))
        }
        Self.end(transfer, cancelsTask: false, with: result)
    }

    private static func answer(_ response: HTTPURLResponse, _ transfer: Transfer) -> HTTPFetchResponse {
        HTTPFetchResponse(
            url: response.url ?? transfer.request.url, status: response.statusCode,
            contentType: response.value(forHTTPHeaderField: "Content-Type"), body: transfer.body)
    }

    private static func describe(_ error: any Error) -> String {
        if let urlError = error as? URLError {
            return "\(urlError.localizedDescription) (URLError \(urlError.code.rawValue))"
        }
        return String(describing: error)
    }
}
