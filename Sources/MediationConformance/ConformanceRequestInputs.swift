import MediationCore

/// What the kit passes with a load in the forwarding check (``ConformanceCheck/requestForwarding``): privacy,
/// targeting (already redacted for that privacy, as the request context holds it) and bid markup.
public struct ConformanceRequestInputs: Sendable, Hashable {
    /// The request's privacy settings.
    public var privacy: PrivacySettings
    /// The request's targeting, redacted for ``privacy`` as the context hands it over.
    public var targeting: Targeting
    /// The bid markup passed to `requestAd`, or `nil` for a waterfall line.
    public var adMarkup: String?

    /// Creates inputs; `targeting` is redacted for `privacy` here, as the request context does.
    public init(privacy: PrivacySettings, targeting: Targeting, adMarkup: String?) {
        self.privacy = privacy
        self.targeting = targeting.redacted(for: privacy)
        self.adMarkup = adMarkup
    }

    /// The two requests the kit sends: personal targeting allowed (GDPR applies with a consent string, US
    /// privacy `1YNN`, tracking authorised, age 34, female, German, with bid markup), and restricted (child
    /// directed, no personal information, US privacy `1YYN`, tracking denied, no markup).
    public static let probes: [ConformanceRequestInputs] = {
        let targeting = (try? Targeting(age: 34, gender: .female, language: "de")) ?? .none
        let open =
            (try? PrivacySettings(
                gdprApplies: true, tcfConsentString: "CPzHq4APzHq4AAHABBENC-CsAP_AAH_AAAAAIYNf",
                usPrivacyString: "1YNN",
                isChildDirected: false, canCollectPersonalInfo: true, trackingAuthorization: .authorized))
            ?? .unrestricted
        let restricted =
            (try? PrivacySettings(
                gdprApplies: true, usPrivacyString: "1YYN", isChildDirected: true, canCollectPersonalInfo: false,
                trackingAuthorization: .denied)) ?? .unrestricted
        return [
            ConformanceRequestInputs(privacy: open, targeting: targeting, adMarkup: "conformance-bid-markup-1"),
            ConformanceRequestInputs(privacy: restricted, targeting: targeting, adMarkup: nil),
        ]
    }()
}
