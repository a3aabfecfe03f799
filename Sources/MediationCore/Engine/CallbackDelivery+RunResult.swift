extension CallbackDelivery {
    /// Delivers `result` to `completion` as this delivery says; ``immediate`` calls it directly, with no closure
    /// to allocate (a load's outcome is delivered once per load).
    func deliver(_ result: MediationRunResult, to completion: @escaping @Sendable (MediationRunResult) -> Void) {
        if case .immediate = self {
            completion(result)
        } else {
            deliver { completion(result) }
        }
    }
}
