/// A TAMedia load error (`TAMediaSDKRequestError`), kept as the SDK gave it.
public struct TAMediaSDKRequestError: Error, Sendable, Hashable {
    /// The domain the sandbox and the adapter assume for TAMedia's errors.
    public static let tamediaDomain = "TADRequestErrorDomain"

    /// The error's domain.
    public var domain: String
    /// The error's code; in ``tamediaDomain`` one of ``TAMediaSDKErrorCode``.
    public var code: Int
    /// The SDK's message (`localizedDescription`).
    public var localizedDescription: String

    /// Creates an error in any domain.
    public init(domain: String = TAMediaSDKRequestError.tamediaDomain, code: Int, localizedDescription: String) {
        self.domain = domain
        self.code = code
        self.localizedDescription = localizedDescription
    }

    /// Creates an error of TAMedia's domain.
    public init(_ code: TAMediaSDKErrorCode, localizedDescription: String) {
        self.init(code: code.rawValue, localizedDescription: localizedDescription)
    }

    /// Whether the error means "no ad to show".
    public var isNoFill: Bool {
        domain == Self.tamediaDomain && code == TAMediaSDKErrorCode.noFill.rawValue
    }
}
