import Foundation

/// The one rule for URLs that come from ad content or an ad server.
///
/// - Content URLs (images, icons, media, video, privacy and click-through pages, trackers) must be absolute
///   `http` or `https` URLs with a host. Anything else (`javascript:`, `data:`, `file:`, `vbscript:`, relative
///   URLs) is dropped where it enters: ``NativeAdProperties`` (see ``NativeAdProperties/refusedURLs``), the
///   ad response parser, the image precacher behind ``NativeAdRequestContext``, and ``NativeAd/defaultActionURL``;
///   the engine traces and logs each drop.
/// - Deep links: a click destination may also use one of ``allowedDeepLinkSchemes``, which the host declares
///   (its own app schemes, a store's `itms-apps`). None are allowed by default.
public struct MediationURLPolicy: Sendable, Hashable {
    /// The lowercased schemes a click destination may use besides http(s).
    public var allowedDeepLinkSchemes: Set<String>

    /// Creates a policy; `allowedDeepLinkSchemes` are compared case-insensitively, and `http(s)`, `javascript`,
    /// `data`, `file` and `vbscript` are never treated as deep-link schemes.
    public init(allowedDeepLinkSchemes: Set<String> = []) {
        self.allowedDeepLinkSchemes = Set(allowedDeepLinkSchemes.map { $0.lowercased() }).subtracting(
            Self.neverDeepLinks)
    }

    /// The default: http(s) content only, no deep links.
    public static let `default` = MediationURLPolicy()

    private static let neverDeepLinks: Set<String> = ["http", "https", "javascript", "data", "file", "vbscript"]

    /// Whether `url` is an absolute `http`/`https` URL with a host.
    public static func isAllowedContentURL(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host, !host.isEmpty
        else { return false }
        return true
    }

    /// Whether `url` may be opened when the user taps the ad: a content URL, or a declared deep link.
    public func isAllowedClickURL(_ url: URL) -> Bool {
        if Self.isAllowedContentURL(url) { return true }
        guard let scheme = url.scheme?.lowercased() else { return false }
        return allowedDeepLinkSchemes.contains(scheme)
    }
}
