import MediationCore

/// A handle on one ad-response fetch of an ``HTTPAdResponseSource``: ``cancel()`` stops the HTTP request, on
/// the wire or still waiting for a slot, and the fetch completes with `MediationError.cancelled`.
///
/// Keeping it is optional: the fetch completes and calls back whether or not the handle is kept. Cancelling
/// after the fetch completed does nothing.
public final class AdResponseFetch: Sendable {
    private struct State {
        var request: HTTPFetchHandle?
        var isCancelled = false
    }

    private let state = Locked(State())

    /// A handle with no request yet: ``cancel()`` before ``attach(_:)`` cancels the request when it comes.
    package init() {}

    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool { state.withLock { $0.isCancelled } }

    /// Cancels the fetch: the HTTP request stops and the completion receives `MediationError.cancelled`
    /// (once) unless the fetch already completed. Later calls do nothing more.
    public func cancel() {
        let request = state.withLock { state -> HTTPFetchHandle? in
            guard !state.isCancelled else { return nil }
            state.isCancelled = true
            return state.request
        }
        request?.cancel()
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
