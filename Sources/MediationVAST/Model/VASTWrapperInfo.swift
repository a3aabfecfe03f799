import Foundation

/// What only a `Wrapper` ad has: where the next document is and how to follow it.
public struct VASTWrapperInfo: Sendable, Hashable {
    /// `VASTAdTagURI`: the next document.
    public var adTagURI: URL
    /// `followAdditionalWrappers` (default `true`): whether the next document may itself be a wrapper.
    public var followAdditionalWrappers: Bool
    /// `allowMultipleAds` (default `false`): whether the next document may give a pod or several ads.
    public var allowMultipleAds: Bool
    /// `fallbackOnNoAd` (default `true` here; the spec gives none): whether a buffet ad replaces this one when
    /// the chain gives no ad.
    public var fallbackOnNoAd: Bool
    /// `BlockedAdCategories` (VAST 4.1).
    public var blockedAdCategories: [VASTCategory]
}
