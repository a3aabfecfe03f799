import Foundation

extension MediationFailure: LocalizedError {
    /// The failure's summary (``description``): the reason and each line's cause.
    public var errorDescription: String? { description }

    /// The underlying error's own description, without the per-line summary.
    public var failureReason: String? { error.description }

    /// The underlying error's recovery suggestion.
    public var recoverySuggestion: String? { error.recoverySuggestion }
}

extension MediationFailure: CustomNSError {
    /// The stable error domain of every ``MediationFailure`` bridged to `NSError`.
    public static var errorDomain: String { "MediationKit.MediationFailure" }

    /// The underlying ``MediationError``'s stable number (``MediationError/errorCode``).
    public var errorCode: Int { error.errorCode }

    /// The summary, failure reason and recovery suggestion under the Foundation keys, the underlying
    /// ``MediationError`` under `NSUnderlyingErrorKey`, its short code under
    /// ``MediationError/codeUserInfoKey`` and the trace as a table under ``traceUserInfoKey``.
    public var errorUserInfo: [String: Any] {
        var userInfo: [String: Any] = [
            NSLocalizedDescriptionKey: description,
            NSLocalizedFailureReasonErrorKey: error.description,
            NSUnderlyingErrorKey: error as NSError,
            MediationError.codeUserInfoKey: error.code,
            Self.traceUserInfoKey: trace.table(),
        ]
        if let recoverySuggestion = error.recoverySuggestion {
            userInfo[NSLocalizedRecoverySuggestionErrorKey] = recoverySuggestion
        }
        return userInfo
    }

    /// The `userInfo` key whose value is the run's trace printed as a table (``MediationTrace/table()``).
    public static let traceUserInfoKey = "MediationTrace"
}
