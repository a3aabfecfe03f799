/// `Pricing`: the ad's price as the ad server states it.
public struct VASTPricing: Sendable, Hashable {
    /// `model` (`CPM`, `CPC`, `CPE`, `CPV`), as written.
    public var model: String?
    /// `currency` (ISO 4217).
    public var currency: String?
    /// The price, when the text is a number.
    public var value: Double?
}
