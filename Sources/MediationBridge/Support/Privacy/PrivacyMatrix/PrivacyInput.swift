/// One privacy input of a request: a row of the ``PrivacyMatrix``.
package enum PrivacyInput: String, Sendable, Hashable, CaseIterable {
    /// GDPR applies, consent (`canCollectPersonalInfo`) and the TCF string.
    case gdpr
    /// The US Privacy (CCPA) string and its opt-out of sale.
    case usPrivacy
    /// The GPP string and its section IDs.
    case gpp
    /// COPPA child-directed treatment.
    case childDirected
    /// Under the age of consent (Google's TFUA).
    case underAgeOfConsent
    /// The App Tracking Transparency status.
    case trackingAuthorization
    /// Limit ad tracking: on iOS 14 and later the system's flag is the ATT status, so it is read from
    /// ``PrivacySettings/trackingAuthorization`` (`denied` or `restricted`).
    case limitAdTracking
    /// The host's explicit request for no personalisation.
    case noPersonalization

    /// When this input withholds personal fields; `nil` when it never does.
    package var restriction: PrivacyCondition? {
        switch self {
        case .gdpr: .noConsent
        case .usPrivacy: .optsOutOfSale
        case .gpp: nil
        case .childDirected: .childDirected
        case .underAgeOfConsent: .underAgeOfConsent
        case .trackingAuthorization, .limitAdTracking: .trackingForbidden
        case .noPersonalization: .noPersonalization
        }
    }

    /// The row's name in docs/privacy.md.
    package var documentation: String {
        switch self {
        case .gdpr: "GDPR: `gdprApplies`, consent (`canCollectPersonalInfo`), `tcfConsentString`"
        case .usPrivacy: "US Privacy: `usPrivacyString`, opt-out of sale (third character `Y`)"
        case .gpp: "GPP: `gppString`, `gppSectionIDs`"
        case .childDirected: "COPPA: `isChildDirected`"
        case .underAgeOfConsent: "Under the age of consent: `isUnderAgeOfConsent`"
        case .trackingAuthorization: "ATT: `trackingAuthorization`"
        case .limitAdTracking: "Limit ad tracking (the ATT status on iOS 14+)"
        case .noPersonalization: "No personalisation: `disallowsPersonalization`"
        }
    }
}
