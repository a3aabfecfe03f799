extension MediationError {
    /// The bridge error for a network SDK's load failure: ``noFill`` when the network says it had no ad,
    /// otherwise ``networkError(_:)`` keeping the network's domain, code and message unchanged.
    ///
    /// Adapters call this from their SDK's failure callback so every network maps "no ad" the same way.
    public static func networkLoadFailure(_ info: NetworkErrorInfo, isNoFill: Bool) -> MediationError {
        isNoFill ? .noFill : .networkError(info)
    }
}
