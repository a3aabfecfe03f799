import MediationCore

/// Cancels one request of an ``HTTPFetcher``, whether it still waits for a slot or is on the wire.
package final class HTTPFetchHandle: Sendable {
    private weak let fetcher: HTTPFetcher?
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
