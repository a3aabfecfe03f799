import MediationCore
import MediationSupport

/// Cancels one request of an ``HTTPFetcher``, whether it still waits for a slot or is on the wire.
///
/// It holds its fetcher strongly: a weak reference would give the fetcher a side table that LeakSanitizer reports
/// as leaked (it cannot see the tagged pointer to it), and a handle kept after its request ended costs only the
/// fetcher's lifetime. While the request waits, fetcher and handle hold each other; the cycle ends when the
/// request is sent or cancelled.
package final class HTTPFetchHandle: Sendable {
    private let fetcher: HTTPFetcher?
    private let number: Int
    private struct State {
        var taskIdentifier: Int?
        var isCancelled = false
    }

    private let state = Locked(State())

    init(fetcher: HTTPFetcher?, number: Int) {
        self.fetcher = fetcher
        self.number = number
    }

    /// Records the URLSession task that carries the request once it is sent; `true` when the handle was
    /// cancelled before (the caller then cancels the task itself).
    func attach(taskIdentifier identifier: Int) -> Bool {
        state.withLock { state in
            state.taskIdentifier = identifier
            return state.isCancelled
        }
    }

    /// Cancels the request: it completes with ``HTTPFetchFailure/cancelled`` unless it already completed.
    package func cancel() {
        let identifier = state.withLock { state in
            state.isCancelled = true
            return state.taskIdentifier
        }
        fetcher?.cancel(number: number, taskIdentifier: identifier)
    }
}
