/// A `Category` of an InLine ad (or a `BlockedAdCategories` of a wrapper).
public struct VASTCategory: Sendable, Hashable {
    /// `authority`: the taxonomy's URL.
    public var authority: String?
    /// The category code.
    public var code: String
}
