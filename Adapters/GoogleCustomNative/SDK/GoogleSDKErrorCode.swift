/// The Google Mobile Ads SDK's error codes in its error domain (`GoogleSDKErrorCode`).
public enum GoogleSDKErrorCode: Int, Sendable, Hashable, CaseIterable {
    /// The request was invalid, such as a missing ad unit ID.
    case invalidRequest = 0
    /// The request succeeded but no ad was returned.
    case noFill = 1
    /// The request failed because of a network error.
    case networkError = 2
    /// The ad server experienced a failure.
    case serverError = 3
    /// The OS version is too low.
    case osVersionTooLow = 4
    /// The request timed out.
    case timeout = 5
    /// Mediation data was invalid.
    case mediationDataError = 7
    /// A mediation adapter failed.
    case mediationAdapterError = 8
    /// No mediated network filled.
    case mediationNoFill = 9
    /// The mediated ad size was invalid.
    case mediationInvalidAdSize = 10
    /// An internal SDK error.
    case internalError = 11
    /// An invalid argument was passed.
    case invalidArgument = 12
    /// The server's response was invalid.
    case receivedInvalidResponse = 13
    /// The ad object was already used.
    case adAlreadyUsed = 19
    /// The app's application identifier is missing.
    case applicationIdentifierMissing = 20
}
