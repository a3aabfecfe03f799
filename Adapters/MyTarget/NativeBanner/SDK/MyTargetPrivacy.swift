/// The SDK-wide privacy flags (`MTRGPrivacy`: `setUserConsent:`, `setCcpaUserConsent:`, `setIABUserConsent:`,
/// `setUserAgeRestricted:`). The SDK reads the TCF and GPP strings themselves from the CMP's `IABTCF_…` and
/// `IABGPP_…` user defaults; it has no setter for them.
public struct MyTargetPrivacy: Sendable, Hashable {
    /// GDPR consent, or `nil` to leave it unset.
    public var userConsent: Bool?
    /// CCPA consent to the sale of personal data, or `nil` to leave it unset.
    public var ccpaUserConsent: Bool?
    /// Consent given through an IAB TCF consent-management platform, or `nil` to leave it unset.
    public var iabUserConsent: Bool?
    /// Whether the user is a child (COPPA).
    public var userAgeRestricted: Bool

    /// Creates privacy flags.
    public init(
        userConsent: Bool? = nil, ccpaUserConsent: Bool? = nil, iabUserConsent: Bool? = nil,
        userAgeRestricted: Bool = false
    ) {
        self.userConsent = userConsent
        self.ccpaUserConsent = ccpaUserConsent
        self.iabUserConsent = iabUserConsent
        self.userAgeRestricted = userAgeRestricted
    }
}
