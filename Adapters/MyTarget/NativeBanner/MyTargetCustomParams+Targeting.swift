import MediationBridge

extension MyTargetCustomParams {
    /// The custom params for a request: age and gender only when the privacy matrix does not withhold them
    /// from myTarget (no consent, a sale opt-out, a child or under-age user, ATT forbidding tracking, or no
    /// personalisation withholds them; docs/privacy.md), and the language, which is not personal. No user
    /// identifier is set.
    ///
    /// `targeting` is normally already redacted by the request context; the privacy check is repeated here so
    /// that no caller can leak age or gender by passing unredacted targeting.
    public init(targeting: Targeting, privacy: PrivacySettings) {
        self.init(language: targeting.language)
        let allowed = targeting.redacted(for: privacy, profile: .myTarget)
        age = allowed.age
        if let gender = allowed.gender {
            self.gender = MyTargetGender(gender)
        }
    }
}
