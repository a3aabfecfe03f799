import Foundation
import MediationSupport

/// Puts ``MediationURLPolicy`` in front of a host's image precacher: URLs that are not absolute http(s) are
/// dropped (and logged) before any download starts, so that no adapter can make the precacher fetch a
/// `file:` or `data:` URL, or a cleartext `http` URL the policy refuses (``MediationURLPolicy/cleartextRefusal(of:)``,
/// logged once per host). It also downloads at most ``NativeAdRequestContext/maximumImagesPerAd`` distinct
/// URLs per call, logging how many it left out. ``NativeAdRequestContext`` wraps every precacher in one.
struct URLPolicyImagePrecacher: ImagePrecaching {
    let base: any ImagePrecaching
    let logger: any MediationLogger
    var policy: MediationURLPolicy = .default
    /// The hosts whose cleartext refusal was already logged, so that each is logged once.
    let loggedCleartextHosts = Locked(Set<String>())

    func precacheImages(
        _ urls: [URL], completion: @escaping @Sendable (Result<[URL: Data], MediationError>) -> Void
    ) {
        let limit = NativeAdRequestContext.maximumImagesPerAd
        var allowed: [URL] = []
        var seen = Set<URL>()
        var overLimit = 0
        var refused = 0
        for url in urls where seen.insert(url).inserted {
            if MediationURLPolicy.isAllowedContentURL(url), let reason = policy.cleartextRefusal(of: url) {
                let host = url.host ?? ""
                if loggedCleartextHosts.withLock({ $0.insert(host).inserted }) {
                    logger.log(.warning, "image URL dropped before download: \(reason)", metadata: ["host": host])
                }
            } else if !MediationURLPolicy.isAllowedContentURL(url) {
                refused += 1
                guard refused <= 3 else { continue }
                logger.log(
                    .warning, "image URL dropped before download (not http(s)): \(url.absoluteString.terminalSafe)")
            } else if allowed.count < limit {
                allowed.append(url)
            } else {
                overLimit += 1
            }
        }
        if refused > 3 {
            logger.log(.warning, "\(refused - 3) more image URLs dropped before download (not http(s))")
        }
        if overLimit > 0 {
            logger.log(
                .warning,
                "\(overLimit) image \(overLimit == 1 ? "URL" : "URLs") not downloaded: over the limit of \(limit) "
                    + "per request")
        }
        base.precacheImages(allowed, completion: completion)
    }
}
