import MediationSupport

extension NetworkStatisticsStore {
    /// The factor by which ``MediationStrategy/adaptive(requestBudget:)`` runs of `requestBudget` scale their
    /// allowance of expected wasted requests now (1 before any load was recorded).
    func allowanceScale(requestBudget: Double) -> Double {
        requestBudgetControllers.withLock { $0[requestBudget]?.allowanceScale ?? 1 }
    }

    /// An adaptive run of `requestBudget` ended after `requests` line requests, where sequential would have made
    /// `sequentialRequests`.
    func recordRequests(_ requests: Int, sequentialRequests: Int, requestBudget: Double) {
        requestBudgetControllers.withLock {
            $0[requestBudget, default: RequestBudgetController(requestBudget: requestBudget)].record(
                requests: requests, sequentialRequests: sequentialRequests)
        }
    }

    /// The line requests of the adaptive runs of `requestBudget` recorded so far, over the requests sequential
    /// would have made on the same loads; `nil` before the first.
    package func realisedRequestRatio(requestBudget: Double) -> Double? {
        requestBudgetControllers.withLock {
            guard let controller = $0[requestBudget], controller.sequentialRequests > 0 else { return nil }
            return Double(controller.requests) / Double(controller.sequentialRequests)
        }
    }
}
