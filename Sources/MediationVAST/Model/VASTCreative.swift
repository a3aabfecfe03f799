/// A `Creative` of an ad, with the creative's identifiers and what it holds.
///
/// VAST 4 lets one `Creative` hold a `Linear`, `NonLinearAds` and `CompanionAds` together (the VAST 4.x schema's
/// `Creative_Inline_type` is a sequence of the three, each optional); VAST 2 and 3 allowed one of them. All three
/// are kept, each with its trackers. A creative holds at least one: one with none is ignored when read.
public struct VASTCreative: Sendable, Hashable {
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
    /// The `Linear` creative, when the creative holds one.
    public var linear: VASTLinear?
    /// The `NonLinearAds` (overlays and their trackers), when the creative holds them.
    public var nonLinearAds: VASTNonLinearAds?
    /// The `CompanionAds`, when the creative holds them.
    public var companionAds: VASTCompanionAds?

    /// Creates a creative.
    public init(
        id: String? = nil, adId: String? = nil, sequence: Int? = nil, apiFramework: String? = nil,
        universalAdIds: [VASTUniversalAdId] = [], extensions: [VASTExtension] = [], linear: VASTLinear? = nil,
        nonLinearAds: VASTNonLinearAds? = nil, companionAds: VASTCompanionAds? = nil
    ) {
        self.id = id
        self.adId = adId
        self.sequence = sequence
        self.apiFramework = apiFramework
        self.universalAdIds = universalAdIds
        self.extensions = extensions
        self.linear = linear
        self.nonLinearAds = nonLinearAds
        self.companionAds = companionAds
    }

    /// What the creative holds, in the order `linear`, `nonlinear`, `companion`.
    public var kindNames: [String] {
        var names: [String] = []
        if linear != nil { names.append("linear") }
        if nonLinearAds != nil { names.append("nonlinear") }
        if companionAds != nil { names.append("companion") }
        return names
    }

    /// ``kindNames`` joined with `+`: `"linear"`, `"companion"`, `"linear+nonlinear+companion"`, ….
    public var kindName: String {
        kindNames.joined(separator: "+")
    }
}
