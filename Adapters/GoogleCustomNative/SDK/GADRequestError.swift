/// An ad loader's error (`NSError` in `GADErrorDomain`), kept as the SDK gave it.
public struct GADRequestError: Error, Sendable, Hashable {
    /// The SDK's error domain, `com.google.admob` (`GADErrorDomain`).
    public static let googleDomain = "com.google.admob"

    /// The error's domain.
    public var domain: String
    /// The error's code; in ``googleDomain`` one of ``GADErrorCode``.
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
    public init(_ code: GADErrorCode, localizedDescription: String) {
        self.init(domain: Self.googleDomain, code: code.rawValue, localizedDescription: localizedDescription)
    }

    /// Whether the error means "no ad to show": ``GADErrorCode/noFill`` or ``GADErrorCode/mediationNoFill``.
    public var isNoFill: Bool {
        domain == Self.googleDomain
            && (code == GADErrorCode.noFill.rawValue || code == GADErrorCode.mediationNoFill.rawValue)
    }
}
