import MediationCore

extension MyTargetCustomParams {
    /// The custom params for a request: age and gender only when `privacy` allows personal targeting, and the
    /// language, which is not personal.
    ///
    /// `targeting` is normally already redacted by the request context; the privacy check is repeated here so
    /// that no caller can leak age or gender by passing unredacted targeting.
    public init(targeting: Targeting, privacy: PrivacySettings) {
        self.init(language: targeting.language)
        guard privacy.allowsPersonalTargeting else { return }
        age = targeting.age
        if let gender = targeting.gender {
            self.gender = MyTargetGender(gender)
        }
    }
}
