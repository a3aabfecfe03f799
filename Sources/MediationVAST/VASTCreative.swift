/// A `Creative` of an ad: a linear ad, non-linear overlays or companions, with the creative's identifiers.
public struct VASTCreative: Sendable, Hashable {
    /// What the creative holds.
    public enum Content: Sendable, Hashable {
        /// A `Linear` creative.
        case linear(VASTLinear)
        /// `NonLinearAds`.
        case nonLinear(VASTNonLinearAds)
        /// `CompanionAds`.
        case companions(VASTCompanionAds)
    }

    /// `id`.
    public var id: String?
    /// `adId` (`AdID` in VAST 3, read too).
    public var adId: String?
    /// `sequence` within the ad.
    public var sequence: Int?
    /// `apiFramework`.
    public var apiFramework: String?
    /// `UniversalAdId` elements (one or more in VAST 4.1+).
    public var universalAdIds: [VASTUniversalAdId]
    /// `CreativeExtensions/CreativeExtension`, kept raw.
    public var extensions: [VASTExtension]
    /// The creative itself.
    public var content: Content

    /// The linear creative, when this is one.
    public var linear: VASTLinear? {
        if case .linear(let linear) = content { return linear }
        return nil
    }

    /// `"linear"`, `"nonlinear"` or `"companion"`.
    public var kindName: String {
        switch content {
        case .linear: "linear"
        case .nonLinear: "nonlinear"
        case .companions: "companion"
        }
    }
}
