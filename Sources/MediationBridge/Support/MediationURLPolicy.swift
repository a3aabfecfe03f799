import Foundation

/// The one rule for URLs that come from ad content or an ad server.
///
/// - Content URLs (images, icons, media, video, privacy and click-through pages, trackers) must be absolute
///   `http` or `https` URLs with a host. Anything else (`javascript:`, `data:`, `file:`, `vbscript:`, relative
///   URLs) is dropped where it enters: ``NativeAdProperties`` (see ``NativeAdProperties/refusedURLs``), the
///   ad response parser, the image precacher behind ``NativeAdRequestContext``, and ``NativeAd/defaultActionURL``;
///   the engine traces and logs each drop. A protocol-relative URL written as text (`//host/path`) is read as
///   `https` before that check, by one rule that every reader of ad content shares.
/// - Cleartext: like App Transport Security, a URL that the SDK itself puts on the network (the ad-response
///   endpoint and `x-next-url` pages, bid requests, tracker pings, image downloads) must be `https`, unless its
///   host is a loopback host (`localhost`, `127.0.0.0/8`, `::1`, as ATS's `NSAllowsLocalNetworking` allows) or
///   the host app opts in with ``allowsCleartextHTTP`` (as ATS's `NSAllowsArbitraryLoads` does). See
///   ``cleartextRefusal(of:)``. A click destination is not fetched by the SDK: the user's browser opens it, where
///   ATS does not apply, so ``isAllowedClickURL(_:)`` takes an `http` landing page too.
/// - Deep links: a click destination may also use one of ``allowedDeepLinkSchemes``, which the host declares
///   (its own app schemes, a store's `itms-apps`). None are allowed by default.
public struct MediationURLPolicy: Sendable, Hashable {
    /// The lowercased schemes a click destination may use besides http(s).
    public var allowedDeepLinkSchemes: Set<String>

    /// Whether `http://` URLs to hosts that are not loopback may be fetched and pinged; `false` by default, so
    /// that consent strings and identifiers in tracker and ad URLs never cross the network in clear text from the
    /// SDK. The counterpart of App Transport Security's `NSAllowsArbitraryLoads`. Click destinations are not
    /// subject to it (``isAllowedClickURL(_:)``).
    public var allowsCleartextHTTP: Bool

    /// Creates a policy; `allowedDeepLinkSchemes` are compared case-insensitively, and `http(s)`, `javascript`,
    /// `data`, `file` and `vbscript` are never treated as deep-link schemes. Cleartext `http` is refused except
    /// to loopback hosts, unless `allowsCleartextHTTP` is `true` (then it is allowed to any host).
    public init(allowedDeepLinkSchemes: Set<String> = [], allowsCleartextHTTP: Bool = false) {
        self.allowedDeepLinkSchemes = Set(allowedDeepLinkSchemes.map { $0.lowercased() }).subtracting(
            Self.neverDeepLinks)
        self.allowsCleartextHTTP = allowsCleartextHTTP
    }

    /// The default: https content (http only to loopback hosts), no deep links.
    public static let `default` = MediationURLPolicy()

    private static let neverDeepLinks: Set<String> = ["http", "https", "javascript", "data", "file", "vbscript"]

    /// Whether `url` is an absolute `http`/`https` URL with a host: the shape of a content URL, before the
    /// cleartext rule (``cleartextRefusal(of:)``), which needs a policy.
    public static func isAllowedContentURL(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host, !host.isEmpty
        else { return false }
        return true
    }

    /// Whether `host` is a loopback host: `localhost` (or a name under `.localhost`), an IPv4 address in
    /// `127.0.0.0/8`, or `::1`. Such hosts are allowed over cleartext `http`, as ATS's local-networking
    /// exception allows them.
    package static func isLoopbackHost(_ host: String) -> Bool {
        var name = host.lowercased()
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        if name.hasSuffix(".") { name.removeLast() }
        if name == "localhost" || name.hasSuffix(".localhost") { return true }
        if name == "::1" || name == "0:0:0:0:0:0:0:1" { return true }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "127" else { return false }
        return parts.allSatisfy { part in
            !part.isEmpty && part.count <= 3 && part.allSatisfy(\.isASCII) && UInt8(part) != nil
        }
    }

    /// Why `url` may not go on the network from the SDK in clear text under this policy, or `nil` when it may:
    /// `https`, `http` to a loopback host, or `http` with ``allowsCleartextHTTP`` set. URLs that are not http
    /// at all are not this rule's business (``isAllowedContentURL(_:)`` decides them) and return `nil`.
    public func cleartextRefusal(of url: URL) -> String? {
        guard !allowsCleartextHTTP, url.scheme?.lowercased() == "http", let host = url.host, !host.isEmpty,
            !Self.isLoopbackHost(host)
        else { return nil }
        return "cleartext http to \(host) refused: use https, or set MediationURLPolicy.allowsCleartextHTTP"
    }

    /// Whether `url` may be fetched or pinged: an absolute http(s) URL with a host that the cleartext rule
    /// allows.
    package func isAllowedNetworkURL(_ url: URL) -> Bool {
        Self.isAllowedContentURL(url) && cleartextRefusal(of: url) == nil
    }

    /// Whether `url` may be opened when the user taps the ad: an absolute `http` or `https` URL with a host, or
    /// a declared deep link. The cleartext rule does not apply: the SDK does not fetch a click destination, the
    /// user's browser opens it (where App Transport Security does not apply), as it opens any `http` landing
    /// page; the click trackers that go with it are pings, and stay under the rule.
    public func isAllowedClickURL(_ url: URL) -> Bool {
        if Self.isAllowedContentURL(url) { return true }
        guard let scheme = url.scheme?.lowercased() else { return false }
        return allowedDeepLinkSchemes.contains(scheme)
    }
}
