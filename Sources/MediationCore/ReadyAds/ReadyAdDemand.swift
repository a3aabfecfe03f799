/// How many ready ads a host wants for one ad unit, and for which targeting (``ReadyAdCache/setDemand(_:)``).
public struct ReadyAdDemand: Sendable, Hashable {
    /// The ad unit the ads are loaded for.
    public var adUnitID: String
    /// How many loaded ads the cache keeps ready: 1…50 (a cache's capacity at most).
    public var count: Int
    /// The targeting of every load for this demand (the mediator's privacy still applies and redacts it).
    public var targeting: Targeting

    /// Creates a demand for `count` ready ads of `adUnitID` loaded with `targeting`.
    public init(adUnitID: String, count: Int, targeting: Targeting = .none) {
        self.adUnitID = adUnitID
        self.count = count
        self.targeting = targeting
    }
}
