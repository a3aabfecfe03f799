import MediationCore
import MediationSupport

/// A handle on one ad-response fetch of an ``HTTPAdResponseSource``: ``cancel()`` stops the HTTP request, on
/// the wire or still waiting for a slot, and the fetch completes with `MediationError.cancelled` at once.
///
/// Keeping it is optional: the fetch completes and calls back whether or not the handle is kept. Cancelling
/// after the fetch completed does nothing.
public final class AdResponseFetch: Sendable {
    private struct State {
        var request: HTTPFetchHandle?
        var isCancelled = false
        /// The fetch's completion until it runs: taken by whichever ends the fetch first, its answer or a cancel.
        var completion: (@Sendable (Result<AdResponse, MediationError>) -> Void)?
        var wireRecord: WireRecord?
    }

    private let state = Locked(State())

    /// A handle with no request yet: ``cancel()`` before ``attach(_:)`` cancels the request when it comes.
    package init() {}

    /// The ad request as it went on the wire (URL redacted, method, status, bytes, time to answer, outcome), once
    /// the HTTP exchange ended; `nil` before, and when no request was sent (cancelled before it, or refused).
    package var wireRecord: WireRecord? { state.withLock { $0.wireRecord } }

    /// Keeps `record` as the fetch's ``wireRecord``.
    func record(_ record: WireRecord) {
        state.withLock { $0.wireRecord = record }
    }

    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool { state.withLock { $0.isCancelled } }

    /// Cancels the fetch: the HTTP request stops and the completion receives `MediationError.cancelled` (once),
    /// now, on this thread, unless the fetch already completed; it does not wait for the HTTP layer to report the
    /// cancel (which a busy session can take seconds to do). Later calls do nothing more.
    public func cancel() {
        let (request, completion) = state.withLock {
            state -> (HTTPFetchHandle?, (@Sendable (Result<AdResponse, MediationError>) -> Void)?) in
            guard !state.isCancelled else { return (nil, nil) }
            state.isCancelled = true
            defer { state.completion = nil }
            return (state.request, state.completion)
        }
        request?.cancel()
        completion?(.failure(.cancelled))
    }

    /// Takes `completion` as the fetch's, to run once: with the answer (``complete(with:)``) or at a cancel.
    /// `false`, and `completion` is not kept, when the fetch was cancelled already: nothing is to be sent.
    func begin(_ completion: @escaping @Sendable (Result<AdResponse, MediationError>) -> Void) -> Bool {
        state.withLock { state in
            guard !state.isCancelled else { return false }
            state.completion = completion
            return true
        }
    }

    /// Ends the fetch with `result`, unless it already ended (a cancel came first).
    func complete(with result: Result<AdResponse, MediationError>) {
        let completion = state.withLock { state in
            defer { state.completion = nil }
            return state.completion
        }
        completion?(result)
    }

    /// Gives the handle its HTTP request; cancels the request at once when the handle was already cancelled.
    func attach(_ request: HTTPFetchHandle) {
        let cancelled = state.withLock { state -> Bool in
            state.request = request
            return state.isCancelled
        }
        if cancelled { request.cancel() }
    }
}
