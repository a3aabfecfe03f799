extension PrivacyMatrix {
    /// Why no bid signal may be collected for a network under `privacy`, or `nil` when one may: a bidder token
    /// carries device data to the network's auction, so it is withheld when personal data may not be collected
    /// (GDPR without consent), when the user opted out of sale, for a user under the age of consent, and for a
    /// child-directed request to a network that does not serve child-directed traffic. An ATT denial or a
    /// no-personalisation request does not bar the signal: the provider gets the privacy settings and the
    /// network's token call honours them.
    package static func bidSignalBar(
        for privacy: PrivacySettings, supportsChildDirectedTraffic: Bool
    ) -> String? {
        if !privacy.canCollectPersonalInfo { return "no consent to collect personal data (canCollectPersonalInfo)" }
        if privacy.optsOutOfSale { return "the user opted out of sale (us_privacy)" }
        if privacy.isUnderAgeOfConsent { return "the user is under the age of consent" }
        if privacy.isChildDirected && !supportsChildDirectedTraffic {
            return "child-directed request, and the network does not serve child-directed traffic"
        }
        return nil
    }
}
