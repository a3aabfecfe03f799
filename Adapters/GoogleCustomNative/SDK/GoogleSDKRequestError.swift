/// An ad loader's error (`NSError` in `GADErrorDomain`), kept as the SDK gave it.
public struct GoogleSDKRequestError: Error, Sendable, Hashable {
    /// The SDK's error domain, `com.google.admob` (`GADErrorDomain`).
    public static let googleDomain = "com.google.admob"

    /// The error's domain.
    public var domain: String
    /// The error's code; in ``googleDomain`` one of ``GoogleSDKErrorCode``.
    public var code: Int
    /// The SDK's message (`localizedDescription`).
    public var localizedDescription: String

    /// Creates an error in any domain.
    public init(domain: String, code: Int, localizedDescription: String) {
        self.domain = domain
        self.code = code
        self.localizedDescription = localizedDescription
    }

    /// Creates an error of the SDK's domain.
    public init(_ code: GoogleSDKErrorCode, localizedDescription: String) {
        self.init(domain: Self.googleDomain, code: code.rawValue, localizedDescription: localizedDescription)
    }

    /// Whether the error means "no ad to show": ``GoogleSDKErrorCode/noFill`` or ``GoogleSDKErrorCode/mediationNoFill``.
    public var isNoFill: Bool {
        domain == Self.googleDomain
            && (code == GoogleSDKErrorCode.noFill.rawValue || code == GoogleSDKErrorCode.mediationNoFill.rawValue)
    }
}
