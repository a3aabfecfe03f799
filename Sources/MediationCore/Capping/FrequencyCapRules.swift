/// The frequency caps the host sets (``FrequencyCapStore/rules``): per ad unit, per network, and one that applies to
/// each creative on its own. The ad server sets caps per line in the ad response (`x-frequency-cap`,
/// docs/waterfall.md); every cap that applies must allow an ad.
///
/// ```swift
/// func feedCaps() throws -> FrequencyCapRules {
///     try FrequencyCapRules(
///         adUnits: ["feed": FrequencyCap(maxImpressions: 20, per: .seconds(3_600), minimumInterval: .seconds(30))],
///         networks: ["myTarget": FrequencyCap(maxImpressions: 5, per: .seconds(3_600))],
///         perCreative: FrequencyCap(maxImpressions: 2, per: .seconds(86_400)))
/// }
/// ```
public struct FrequencyCapRules: Sendable, Hashable {
    /// Caps by ad unit ID: they count the ad unit's impressions, whatever network showed them. A load of a capped
    /// or paced ad unit is refused at once (``MediationError/frequencyCapped(cap:freesIn:)``,
    /// ``MediationError/paced(cap:freesIn:)``); a ``ReadyAdCache`` hands none of its ads out.
    public var adUnits: [String: FrequencyCap]
    /// Caps by network name (a line's `x-network-name`, else its custom event identifier): they count the network's
    /// impressions in every ad unit. A line of a capped or paced network is skipped.
    public var networks: [String: FrequencyCap]
    /// A cap each creative gets on its own (counted by ``NativeAd/creativeIdentifier``, across networks and ad units):
    /// a line whose creative is known ahead (`x-creative-id`, a bid's `crid`) is skipped, and an ad whose network
    /// names a capped creative after it loaded is released unshown. `nil`: creatives are not capped.
    public var perCreative: FrequencyCap?

    /// Rules with the given caps; none by default.
    public init(
        adUnits: [String: FrequencyCap] = [:], networks: [String: FrequencyCap] = [:], perCreative: FrequencyCap? = nil
    ) {
        self.adUnits = adUnits
        self.networks = networks
        self.perCreative = perCreative
    }
}
