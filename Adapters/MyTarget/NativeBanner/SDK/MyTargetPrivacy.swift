/// The SDK-wide privacy flags (`MTRGPrivacy`: `setUserConsent:`, `setCcpaUserConsent:`, `setUserAgeRestricted:`).
public struct MyTargetPrivacy: Sendable, Hashable {
    /// GDPR consent, or `nil` to leave it unset.
    public var userConsent: Bool?
    /// CCPA consent to the sale of personal data, or `nil` to leave it unset.
    public var ccpaUserConsent: Bool?
    /// Whether the user is a child (COPPA).
    public var userAgeRestricted: Bool

    /// Creates privacy flags.
    public init(userConsent: Bool? = nil, ccpaUserConsent: Bool? = nil, userAgeRestricted: Bool = false) {
        self.userConsent = userConsent
        self.ccpaUserConsent = ccpaUserConsent
        self.userAgeRestricted = userAgeRestricted
    }
}
