/// An error the SDK reports to `onLoadFailedWithError:` or a loader's completion: an `NSError`, usually of
/// the `MyTargetSDK.AdLoadingError` domain, kept as given.
public struct MyTargetAdLoadingError: Error, Sendable, Hashable {
    /// The SDK's loading-error domain (`MTRGAdLoadingErrorDomain`).
    public static let adLoadingErrorDomain = "MyTargetSDK.AdLoadingError"

    /// Undefined network error (1000).
    public static let undefinedNetworkErrorCode = 1000
    /// Network connection failed (1002).
    public static let networkFailedCode = 1002
    /// Request timeout (1003).
    public static let requestTimeoutCode = 1003
    /// Banner has no image(s) (3001): what the SDK reports when a banner's media cannot be downloaded.
    public static let missedImagesCode = 3001
    /// No banners (3003): the SDK's "no ad".
    public static let noBannersCode = 3003

    /// The error domain.
    public var domain: String
    /// The error code.
    public var code: Int
    /// The error's message (`localizedDescription`).
    public var message: String

    /// Creates an error; the domain defaults to the SDK's loading-error domain.
    public init(domain: String = MyTargetAdLoadingError.adLoadingErrorDomain, code: Int, message: String) {
        self.domain = domain
        self.code = code
        self.message = message
    }

    /// The SDK's "no ad" error.
    public static let noBanners = MyTargetAdLoadingError(code: noBannersCode, message: "No banners")

    /// Whether this is the SDK's "no ad" answer rather than a failure.
    public var isNoAd: Bool {
        domain == Self.adLoadingErrorDomain && code == Self.noBannersCode
    }
}
