import Foundation

/// A parsed VAST document (2.0–4.3): its ads, its root `Error` URLs and what was read leniently.
///
/// Ads with a `sequence` form the pod, played in sequence order; ads without one are the buffet, from which a
/// player takes stand-alone ads or substitutes for a pod ad that fails. A document with no ad is a "no ad"
/// answer: fire ``errorURLs`` with 303 when it ends a wrapper chain.
public struct VASTDocument: Sendable, Hashable {
    /// The `version` attribute as written (empty when missing).
    public var version: String
    /// Every `Ad` that was read, in document order.
    public var ads: [VASTAd]
    /// The root `Error` URLs (fired for a no-ad answer), made from their texts when asked for.
    public var errorURLs: [URL] {
        get { errorURLTexts.map(\.url) }
        set { errorURLTexts = newValue.map(VASTURLText.init) }
    }
    /// The texts of ``errorURLs``.
    var errorURLTexts: [VASTURLText]
    /// Ads left out and values ignored while reading, with element paths.
    public var issues: [VASTParseIssue]

    /// The ads with a `sequence`, in sequence order (ties keep document order).
    public var pod: [VASTAd] {
        ads.enumerated().filter { $0.element.sequence != nil }
            .sorted { ($0.element.sequence ?? 0, $0.offset) < ($1.element.sequence ?? 0, $1.offset) }
            .map(\.element)
    }

    /// The stand-alone ads (no `sequence`), in document order.
    public var buffet: [VASTAd] {
        ads.filter { $0.sequence == nil }
    }

    /// What a player plays: the pod when there is one, otherwise the first buffet ad.
    public var playList: [VASTAd] {
        let pod = pod
        if !pod.isEmpty { return pod }
        return buffet.first.map { [$0] } ?? []
    }

    /// Parses `data` with ``VASTParser``.
    public static func parse(_ data: Data, limits: VASTParseLimits = .standard) throws(VASTError) -> VASTDocument {
        try VASTParser(limits: limits).parse(data)
    }
}
