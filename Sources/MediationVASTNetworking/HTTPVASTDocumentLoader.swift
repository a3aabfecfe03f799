import Foundation
import MediationBridge
import MediationNetworking
import MediationSupport
import MediationVAST

/// Fetches VAST wrapper documents over MediationKit's one hardened HTTP path (`HTTPFetcher`): ephemeral session,
/// no compression, byte cap counted as the body arrives, redirects to http(s) only.
///
/// A status outside 200...299 (other than 204) is ``VASTLoadFailure/unavailable(_:)``; 204 is an empty document
/// (which the resolver reads as no ad, VAST 303).
public struct HTTPVASTDocumentLoader: VASTDocumentLoading {
    private let fetcher: HTTPFetcher
    private let headers: [String: String]

    /// A loader on the shared fetcher; `headers` (such as `User-Agent`) are sent with every request.
    public init(headers: [String: String] = [:]) {
        self.init(fetcher: .shared, headers: headers)
    }

    /// A loader on `fetcher`.
    package init(fetcher: HTTPFetcher, headers: [String: String] = [:]) {
        self.fetcher = fetcher
        self.headers = headers
    }

    /// GETs `url` within `timeout` and `maxBytes`.
    public func loadDocument(at url: URL, timeout: Duration, maxBytes: Int) async throws(VASTLoadFailure) -> Data {
        let request = HTTPFetchRequest(url: url, headers: headers, timeout: timeout, maxBytes: maxBytes)
        let fetcher = self.fetcher
        let box = HandleBox()
        let result: Result<HTTPFetchResponse, HTTPFetchFailure> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                box.set(fetcher.fetch(request) { continuation.resume(returning: $0) })
            }
        } onCancel: {
            box.cancel()
        }
        switch result {
        case .success(let response):
            if response.status == 204 { return Data() }
            guard (200...299).contains(response.status) else {
                throw .unavailable("HTTP status \(response.status)")
            }
            return response.body
        case .failure(.timedOut):
            throw .timedOut
        case .failure(let failure):
            throw .unavailable(failure.reason)
        }
    }
}

/// The fetch handle, for cancelling from the task's cancellation handler.
private final class HandleBox: Sendable {
    private let state = Locked<(handle: HTTPFetchHandle?, cancelled: Bool)>((nil, false))

    func set(_ handle: HTTPFetchHandle) {
        let cancelled = state.withLock { state in
            state.handle = handle
            return state.cancelled
        }
        if cancelled { handle.cancel() }
    }

    func cancel() {
        let handle = state.withLock { state in
            state.cancelled = true
            return state.handle
        }
        handle?.cancel()
    }
}
