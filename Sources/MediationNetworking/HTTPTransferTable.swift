import Foundation
import MediationCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The URLSession delegate of an ``HTTPFetcher``: collects each task's bytes up to its cap and completes each
/// task exactly once (success, size cap, timeout or transport failure, whichever comes first).
final class HTTPTransferTable: NSObject, URLSessionDataDelegate, Sendable {
    private struct Transfer {
        var url: URL
        var maxBytes: Int
        var timeout: Duration
        var task: URLSessionDataTask
        var body = Data()
        var completion: @Sendable (Result<HTTPFetchResponse, HTTPFetchFailure>) -> Void
    }

    private let transfers = Locked<[Int: Transfer]>([:])

    /// Tracks a task that is about to start.
    func register(
        _ identifier: Int, url: URL, maxBytes: Int, timeout: Duration, task: URLSessionDataTask,
        completion: @escaping @Sendable (Result<HTTPFetchResponse, HTTPFetchFailure>) -> Void
    ) {
        transfers.withLock {
            $0[identifier] = Transfer(
                url: url, maxBytes: maxBytes, timeout: timeout, task: task, completion: completion)
        }
    }

    /// Ends the task with `failure` unless it already ended, and cancels it.
    func fail(_ identifier: Int, with failure: HTTPFetchFailure) {
        guard let transfer = transfers.withLock({ $0.removeValue(forKey: identifier) }) else { return }
        transfer.task.cancel()
        transfer.completion(.failure(failure))
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let status = (dataTask.response as? HTTPURLResponse)?.statusCode
        let expected = dataTask.response?.expectedContentLength ?? -1
        let overflow = transfers.withLock { transfers -> Int? in
            guard var transfer = transfers[dataTask.taskIdentifier] else { return nil }
            if Int64(transfer.maxBytes) < expected || transfer.body.count + data.count > transfer.maxBytes {
                return transfer.maxBytes
            }
            transfer.body.append(data)
            transfers[dataTask.taskIdentifier] = transfer
            return nil
        }
        if let overflow {
            fail(dataTask.taskIdentifier, with: .tooLarge(limitBytes: overflow, status: status))
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let transfer = transfers.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let urlError = error as? URLError, urlError.code == .timedOut {
            transfer.completion(.failure(.timedOut(after: transfer.timeout)))
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
        transfer.completion(
            .success(
                HTTPFetchResponse(url: response.url ?? transfer.url, status: response.statusCode, body: transfer.body)))
    }

    private static func describe(_ error: any Error) -> String {
        if let urlError = error as? URLError {
            return "\(urlError.localizedDescription) (URLError \(urlError.code.rawValue))"
        }
        return String(describing: error)
    }
}
