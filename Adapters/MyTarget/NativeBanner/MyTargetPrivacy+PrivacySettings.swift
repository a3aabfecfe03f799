import MediationCore

extension MyTargetPrivacy {
    /// The SDK flags for a request's privacy settings.
    ///
    /// - `userConsent`: whether personal info may be collected, unless GDPR is known not to apply (then unset).
    /// - `ccpaUserConsent`: from the US privacy string's opt-out-of-sale flag (third character): `Y` → `false`,
    ///   `N` → `true`, `-` or no string → unset.
    /// - `iabUserConsent`: when the host has a TCF consent string (and GDPR is not known not to apply), whether
    ///   personal info may be collected under it; unset without a TCF string. The SDK reads the string itself
    ///   from `IABTCF_TCString`, written by the host's CMP.
    /// - `userAgeRestricted`: the request is child-directed.
    public init(_ privacy: PrivacySettings) {
        let userConsent: Bool? = privacy.gdprApplies == false ? nil : privacy.canCollectPersonalInfo
        var ccpaUserConsent: Bool?
        if let usPrivacy = privacy.usPrivacyString, usPrivacy.count == 4 {
            let optOut = usPrivacy[usPrivacy.index(usPrivacy.startIndex, offsetBy: 2)]
            ccpaUserConsent = optOut == "Y" ? false : optOut == "N" ? true : nil
        }
        let iabUserConsent: Bool? =
            privacy.tcfConsentString == nil || privacy.gdprApplies == false ? nil : privacy.canCollectPersonalInfo
        self.init(
            userConsent: userConsent, ccpaUserConsent: ccpaUserConsent, iabUserConsent: iabUserConsent,
            userAgeRestricted: privacy.isChildDirected)
    }
}
