/// A fact about a request's ``PrivacySettings`` that decides whether a privacy signal is forwarded or whether
/// personal fields are withheld: one entry of the ``PrivacyMatrix``'s vocabulary.
package enum PrivacyCondition: Sendable, Hashable, CaseIterable {
    /// Every request.
    case always
    /// `gdprApplies` is known (`true` or `false`).
    case gdprAppliesKnown
    /// GDPR applies (`gdprApplies == true`).
    case gdprApplies
    /// GDPR is not known not to apply (`gdprApplies` is `nil` or `true`).
    case gdprNotKnownNotToApply
    /// There is a TCF string and GDPR is not known not to apply.
    case tcfStringUnlessGDPRKnownNotToApply
    /// There is a TCF consent string.
    case tcfString
    /// Personal information may not be collected (`canCollectPersonalInfo == false`).
    case noConsent
    /// There is a US Privacy string.
    case usPrivacyString
    /// The US Privacy string's opt-out-of-sale flag (third character) is `Y` or `N`.
    case usPrivacySaleFlagKnown
    /// The user opted out of the sale of personal data (US Privacy third character `Y`).
    case optsOutOfSale
    /// There is a GPP string.
    case gppString
    /// There are GPP section IDs.
    case gppSectionIDs
    /// The request is child-directed (COPPA).
    case childDirected
    /// The user is under the age of consent (GDPR; Google's TFUA).
    case underAgeOfConsent
    /// App Tracking Transparency is `denied` or `restricted` (which is also iOS's limit ad tracking).
    case trackingForbidden
    /// The host asked explicitly for no personalisation.
    case noPersonalization
    /// Some input withholds user IDs (``PrivacySettings/allowsPersonalTargeting`` is false): no consent, a sale
    /// opt-out, child-directed, under the age of consent, ATT `denied` or `restricted`, or no personalisation.
    case userIdentifiersWithheld
    /// Tracking is not authorised: ATT is not `authorized`, or some input withholds user IDs. The IDFA goes only
    /// when this does not hold, and OpenRTB's `device.lmt` is 1 when it does.
    case trackingNotAuthorized

    /// Whether the condition holds for `privacy`.
    package func holds(in privacy: PrivacySettings) -> Bool {
        switch self {
        case .always: true
        case .gdprAppliesKnown: privacy.gdprApplies != nil
        case .gdprApplies: privacy.gdprApplies == true
        case .gdprNotKnownNotToApply: privacy.gdprApplies != false
        case .tcfStringUnlessGDPRKnownNotToApply: privacy.tcfConsentString != nil && privacy.gdprApplies != false
        case .tcfString: privacy.tcfConsentString != nil
        case .noConsent: !privacy.canCollectPersonalInfo
        case .usPrivacyString: privacy.usPrivacyString != nil
        case .usPrivacySaleFlagKnown: privacy.usPrivacySaleFlag != nil
        case .optsOutOfSale: privacy.optsOutOfSale
        case .gppString: privacy.gppString != nil
        case .gppSectionIDs: !privacy.gppSectionIDs.isEmpty
        case .childDirected: privacy.isChildDirected
        case .underAgeOfConsent: privacy.isUnderAgeOfConsent
        case .trackingForbidden: privacy.trackingAuthorization.forbidsTracking
        case .noPersonalization: privacy.disallowsPersonalization
        case .userIdentifiersWithheld: !privacy.allowsPersonalTargeting
        case .trackingNotAuthorized: privacy.trackingAuthorization != .authorized || !privacy.allowsPersonalTargeting
        }
    }

    /// How docs/privacy.md words the condition.
    package var documentation: String {
        switch self {
        case .always: "always"
        case .gdprAppliesKnown: "when `gdprApplies` is known"
        case .gdprApplies: "when `gdprApplies == true`"
        case .gdprNotKnownNotToApply: "unless `gdprApplies == false`"
        case .tcfStringUnlessGDPRKnownNotToApply: "with a TCF string, unless `gdprApplies == false`"
        case .tcfString: "with a TCF string"
        case .noConsent: "when `canCollectPersonalInfo` is false"
        case .usPrivacyString: "with a US Privacy string"
        case .usPrivacySaleFlagKnown: "when the sale flag is `Y` or `N`"
        case .optsOutOfSale: "on a sale opt-out (`1?Y?`)"
        case .gppString: "with a GPP string"
        case .gppSectionIDs: "with section IDs"
        case .childDirected: "when child-directed"
        case .underAgeOfConsent: "when under the age of consent"
        case .trackingForbidden: "when ATT is `denied` or `restricted`"
        case .noPersonalization: "when `disallowsPersonalization`"
        case .userIdentifiersWithheld: "when `allowsPersonalTargeting` is false"
        case .trackingNotAuthorized: "unless ATT is `authorized` and `allowsPersonalTargeting`"
        }
    }
}
