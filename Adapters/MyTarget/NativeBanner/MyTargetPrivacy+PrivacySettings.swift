import MediationBridge

extension MyTargetPrivacy {
    /// The SDK flags for a request's privacy settings, each set only when the privacy matrix forwards it to
    /// myTarget (docs/privacy.md).
    ///
    /// - `userConsent`: whether personal info may be collected, unless GDPR is known not to apply (then unset).
    /// - `ccpaUserConsent`: from the US privacy string's opt-out-of-sale flag (third character): `Y` → `false`,
    ///   `N` → `true`, `-` or no string → unset.
    /// - `iabUserConsent`: when the host has a TCF consent string (and GDPR is not known not to apply), whether
    ///   personal info may be collected under it; unset without a TCF string. The SDK reads the string itself
    ///   from `IABTCF_TCString`, written by the host's CMP.
    /// - `userAgeRestricted`: the request is child-directed or the user is under the age of consent.
    public init(_ privacy: PrivacySettings) {
        let forwarded = PrivacyMatrix.forwardedSignals(to: .myTarget, for: privacy)
        self.init(
            userConsent: forwarded.contains("MTRGPrivacy.userConsent") ? privacy.canCollectPersonalInfo : nil,
            ccpaUserConsent: forwarded.contains("MTRGPrivacy.ccpaUserConsent") ? !privacy.optsOutOfSale : nil,
            iabUserConsent: forwarded.contains("MTRGPrivacy.iabUserConsent") ? privacy.canCollectPersonalInfo : nil,
            userAgeRestricted: forwarded.contains("MTRGPrivacy.userAgeRestricted"))
    }
}
