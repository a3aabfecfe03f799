import Foundation
import MediationCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The URLSession delegate behind every ``HTTPFetcher``: refuses unasked-for encodings and oversized bodies
/// from the headers, collects each task's bytes up to its cap, and completes each task exactly once (success,
/// size cap, refusal, timeout, cancellation or transport failure, whichever comes first).
final class HTTPTransferTable: NSObject, URLSessionDataDelegate, Sendable {
    private struct Transfer {
        var request: HTTPFetchRequest
        var task: URLSessionDataTask
        var body = Data()
        var redirects = 0
        var completion: @Sendable (Result<HTTPFetchResponse, HTTPFetchFailure>) -> Void
    }

    private let transfers = Locked<[Int: Transfer]>([:])

    /// Tracks a task that is about to start.
    func register(
        _ identifier: Int, request: HTTPFetchRequest, task: URLSessionDataTask,
        completion: @escaping @Sendable (Result<HTTPFetchResponse, HTTPFetchFailure>) -> Void
    ) {
        transfers.withLock { $0[identifier] = Transfer(request: request, task: task, completion: completion) }
    }

    /// Ends the task with `failure` unless it already ended, and cancels it (unless `cancelsTask` is false: the
    /// response delegate has already cancelled it through its disposition).
    func fail(_ identifier: Int, with failure: HTTPFetchFailure, cancelsTask: Bool = true) {
        guard let transfer = transfers.withLock({ $0.removeValue(forKey: identifier) }) else { return }
        if cancelsTask { Self.cancel(transfer.task) }
        transfer.completion(.failure(failure))
    }

    /// Ends the task with `response` unless it already ended, and cancels what is left of it.
    private func succeed(_ identifier: Int, with response: HTTPURLResponse) {
        guard let transfer = transfers.withLock({ $0.removeValue(forKey: identifier) }) else { return }
        Self.cancel(transfer.task)
        transfer.completion(.success(Self.answer(response, transfer)))
    }

    /// Cancels `task` off the delegate queue. FoundationNetworking's `cancel()` waits for the transfer's work
    /// queue, which can be busy decoding a whole read of a compressed body; called on the delegate queue, that
    /// wait would stop the queue from discarding the decoded bytes it is handed, and they would pile up.
    private static func cancel(_ task: URLSessionDataTask) {
        DispatchQueue.global().async { task.cancel() }
    }

    /// A refusal here (an encoding other than identity, a `Content-Length` over the cap) cancels the task through
    /// the `.cancel` disposition alone. A second `cancel()` of the same task let FoundationNetworking go on decoding
    /// a refused gzip bomb whenever another task of the session was cancelled at the same moment: the image
    /// precacher, whose call cancels its other downloads when one fails, grew by 305–330 MB in 5 of 6 probe runs
    /// with it and by about 25 MB in 18 of 18 without (`HostileServerTests.aCompressedBombIsRefusedByTheImagePrecacher`).
    /// A status-only read (a tracker ping) still cancels again after its disposition: without that, the pinger's
    /// test in the same suite (a bomb and an endless body) grew by 63–132 MiB in 3 of 4 runs, against under 50 MiB
    /// in 5 of 5 with it.
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
        if let encoding, !encoding.isEmpty, encoding.lowercased() != "identity" {
            completionHandler(.cancel)
            fail(identifier, with: .encodingRefused(encoding, status: http.statusCode), cancelsTask: false)
            return
        }
        let request = transfers.withLock { $0[identifier]?.request }
        guard let request else {
            completionHandler(.cancel)
            return
        }
        guard request.readsBody else {
            completionHandler(.cancel)
            succeed(identifier, with: http)
            return
        }
        if http.expectedContentLength > Int64(request.maxBytes) {
            completionHandler(.cancel)
            fail(identifier, with: .tooLarge(limitBytes: request.maxBytes, status: http.statusCode), cancelsTask: false)
            return
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let identifier = dataTask.taskIdentifier
        let overflow = transfers.withLock { transfers -> Int? in
            guard let transfer = transfers[identifier] else { return nil }
            if transfer.body.count + data.count > transfer.request.maxBytes {
                return transfer.request.maxBytes
            }
            transfers[identifier]?.body.append(data)
            return nil
        }
        if let overflow {
            let status = (dataTask.response as? HTTPURLResponse)?.statusCode
            fail(identifier, with: .tooLarge(limitBytes: overflow, status: status))
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        let identifier = task.taskIdentifier
        let scheme = request.url?.scheme?.lowercased()
        guard scheme == "http" || scheme == "https" else {
            completionHandler(nil)
            fail(identifier, with: .redirectRefused("a redirect to a \(scheme ?? "schemeless") URL is not followed"))
            return
        }
        let count = transfers.withLock { transfers -> Int? in
            transfers[identifier]?.redirects += 1
            return transfers[identifier]?.redirects
        }
        guard let count, count <= HTTPFetcher.maxRedirects else {
            completionHandler(nil)
            fail(identifier, with: .redirectRefused("more than \(HTTPFetcher.maxRedirects) redirects"))
            return
        }
        completionHandler(request)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let transfer = transfers.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let urlError = error as? URLError, urlError.code == .timedOut {
            transfer.completion(.failure(.timedOut(after: transfer.request.timeout)))
            return
        }
        if let error {
            transfer.completion(.failure(.transport(Self.describe(error))))
            return
        }
        guard let response = task.response as? HTTPURLResponse else {
            transfer.completion(.failure(.transport("no HTTP response")))
            return
        }
        transfer.completion(.success(Self.answer(response, transfer)))
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
