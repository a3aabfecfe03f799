import MediationBridge

extension MediationError {
    /// The bridge error for an SDK loading error: ``MediationError/noFill`` for the SDK's "no banners",
    /// ``MediationError/networkError(_:)`` with the domain, code and message kept for anything else.
    public init(_ error: MyTargetAdLoadingError) {
        self = .networkLoadFailure(
            NetworkErrorInfo(domain: error.domain, code: error.code, message: error.message), isNoFill: error.isNoAd)
    }
}
