/// `CompanionAds`: the companions of an ad and which of them must be shown.
public struct VASTCompanionAds: Sendable, Hashable {
    /// `required`: which companions must be displayed for the ad to count.
    public enum Requirement: String, Sendable, Hashable {
        /// Every companion must be shown.
        case all
        /// At least one must be shown.
        case any
        /// None must be shown (the default).
        case none
    }

    /// `required`; `.none` when missing or unknown.
    public var required: Requirement
    /// The companions.
    public var companions: [VASTCompanion]
}
