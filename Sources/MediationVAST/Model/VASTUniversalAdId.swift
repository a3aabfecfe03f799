/// `UniversalAdId`: the creative's identifier in a registry (Ad-ID, clearcast…).
public struct VASTUniversalAdId: Sendable, Hashable {
    /// `idRegistry` (`unknown` when none is used).
    public var idRegistry: String
    /// The identifier: the element text (4.1+) or the `idValue` attribute (4.0).
    public var idValue: String
}
