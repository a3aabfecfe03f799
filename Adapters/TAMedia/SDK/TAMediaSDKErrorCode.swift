/// TAMedia's request error codes.
///
/// No public TAMedia header exists. TAMedia's API follows Google's old one closely (`TAMediaSDKRequest`,
/// `nativeAdDidReceiveAd:`, `didFailToReceiveAdWithError:`), so these codes assume Google's `GoogleSDKErrorCode`
/// numbering; the iOS glue translates the real codes if they differ.
public enum TAMediaSDKErrorCode: Int, Sendable, Hashable, CaseIterable {
    /// The request was invalid.
    case invalidRequest = 0
    /// No ad to show.
    case noFill = 1
    /// A network error.
    case networkError = 2
    /// The ad server failed.
    case serverError = 3
    /// The request timed out.
    case timeout = 5
    /// An internal SDK error.
    case internalError = 11
}
