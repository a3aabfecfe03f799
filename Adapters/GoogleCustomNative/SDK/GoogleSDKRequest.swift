/// One ad request (`GoogleSDKRequest` / `GAMRequest`) with the privacy flags the adapter passes on.
///
/// The child-directed and under-age-of-consent flags live in the SDK's global `GADRequestConfiguration` on
/// iOS; the glue applies them there before loading.
public struct GoogleSDKRequest: Sendable, Hashable {
    /// Ad Manager key-values (`GAMRequest.customTargeting`).
    public var customTargeting: [String: String]
    /// The URL of the content the ad appears next to (`contentURL`).
    public var contentURL: String?
    /// Who made the request (`requestAgent`).
    public var requestAgent: String?
    /// Extra network parameters (`GADExtras.additionalParameters`): `npa` = `1` for non-personalised ads,
    /// `rdp` = `1` for CCPA restricted data processing.
    public var additionalParameters: [String: String]
    /// Child-directed treatment (`GADRequestConfiguration.tagForChildDirectedTreatment`); `nil` when unknown.
    public var tagForChildDirectedTreatment: Bool?
    /// Under-age-of-consent treatment (`GADRequestConfiguration.tagForUnderAgeOfConsent`, TFUA); `nil` when
    /// unknown. Set it after creating the request; the glue applies it with the child-directed flag.
    public var tagForUnderAgeOfConsent: Bool? = nil

    /// Creates a request.
    public init(
        customTargeting: [String: String] = [:], contentURL: String? = nil, requestAgent: String? = nil,
        additionalParameters: [String: String] = [:], tagForChildDirectedTreatment: Bool? = nil
    ) {
        self.customTargeting = customTargeting
        self.contentURL = contentURL
        self.requestAgent = requestAgent
        self.additionalParameters = additionalParameters
        self.tagForChildDirectedTreatment = tagForChildDirectedTreatment
    }
}
