import Foundation

/// Puts ``MediationURLPolicy`` in front of a host's image precacher: URLs that are not absolute http(s) are
/// dropped (and logged) before any download starts, so that no adapter can make the precacher fetch a
/// `file:` or `data:` URL. ``NativeAdRequestContext`` wraps every precacher in one.
struct URLPolicyImagePrecacher: ImagePrecaching {
    let base: any ImagePrecaching
    let logger: any MediationLogger

    func precacheImages(
        _ urls: [URL], completion: @escaping @Sendable (Result<[URL: Data], MediationError>) -> Void
    ) {
        var allowed: [URL] = []
        allowed.reserveCapacity(urls.count)
        for url in urls {
            if MediationURLPolicy.isAllowedContentURL(url) {
                allowed.append(url)
            } else {
                logger.log(
                    .warning, "image URL dropped before download (not http(s)): \(url.absoluteString.terminalSafe)")
            }
        }
        base.precacheImages(allowed, completion: completion)
    }
}
