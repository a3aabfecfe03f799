import MediationCore

extension MyTargetPrivacy {
    /// The SDK flags for a request's privacy settings.
    ///
    /// - `userConsent`: whether personal info may be collected, unless GDPR is known not to apply (then unset).
    /// - `ccpaUserConsent`: from the US privacy string's opt-out-of-sale flag (third character): `Y` → `false`,
    ///   `N` → `true`, `-` or no string → unset.
    /// - `userAgeRestricted`: the request is child-directed.
    public init(_ privacy: PrivacySettings) {
        let userConsent: Bool? = privacy.gdprApplies == false ? nil : privacy.canCollectPersonalInfo
        var ccpaUserConsent: Bool?
        if let usPrivacy = privacy.usPrivacyString, usPrivacy.count == 4 {
            let optOut = usPrivacy[usPrivacy.index(usPrivacy.startIndex, offsetBy: 2)]
            ccpaUserConsent = optOut == "Y" ? false : optOut == "N" ? true : nil
        }
        self.init(
            userConsent: userConsent, ccpaUserConsent: ccpaUserConsent, userAgeRestricted: privacy.isChildDirected)
    }
}
