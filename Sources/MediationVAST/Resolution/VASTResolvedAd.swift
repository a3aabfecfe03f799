import Foundation

/// An InLine ad reached through zero or more wrappers, with the wrappers' impressions, errors, trackers and
/// clicks merged into it (see ``VASTWrapperResolver`` for the rules).
public struct VASTResolvedAd: Sendable, Hashable {
    /// The InLine ad with everything merged.
    public var ad: VASTAd
    /// The wrapper documents followed to reach it, outermost first (empty for an ad that was InLine already).
    public var wrapperChain: [URL]
    /// Its place in the pod: the `sequence` of the outermost ad when that ad is in a pod; otherwise the
    /// `sequence` the ad had in the document that gave it (a stand-alone wrapper may lead to a pod); `nil` for a
    /// stand-alone ad.
    public var sequence: Int?
}
