import Foundation

/// Image precaching support: which images still need bytes, and filling in the bytes once downloaded.
///
/// Custom events precache through `NativeAdRequestContext.precacheImages(of:thenMakeAd:completion:)`, which
/// downloads only the images without bytes and fills the bytes in. Images that already have content (bytes or a
/// network handle, ``AdImage/isLoaded``) are skipped.
extension NativeAdProperties {
    /// The URLs of the images (including media stills) that have no bytes yet, without duplicates, in key order.
    package var unloadedImageURLs: [URL] {
        var seen = Set<URL>()
        var urls: [URL] = []
        for key in keys {
            let image: AdImage? =
                switch self[key] {
                case .image(let image)?: image
                case .media(let media)?: media.image
                default: nil
                }
            if let url = image?.urlToDownload, seen.insert(url).inserted { urls.append(url) }
        }
        return urls
    }

    /// A copy that asks for at most `limit` image downloads: the images (and media stills) without bytes are
    /// taken well-known keys first (icon, main image, media, privacy icon, …), then extras, each in key order,
    /// until `limit` distinct URLs are taken; the others are removed (a media keeps everything but its still).
    ///
    /// - Returns: the copy and the keys whose image was removed, sorted.
    package func limitingImageDownloads(to limit: Int) -> (
        properties: NativeAdProperties, removed: [NativeAdPropertyKey]
    ) {
        var kept = Set<URL>()
        var limited = self
        var removed: [NativeAdPropertyKey] = []
        let ordered = keys.filter(\.isWellKnown) + keys.filter { !$0.isWellKnown }
        for key in ordered {
            switch self[key] {
            case .image(let image)?:
                guard let url = image.urlToDownload, !admit(url, into: &kept, limit: limit) else { continue }
                try? limited.set(nil, for: key)
                removed.append(key)
            case .media(var media)?:
                guard let url = media.image?.urlToDownload, !admit(url, into: &kept, limit: limit) else { continue }
                media.image = nil
                // The media passed the checks with its image; without it, it passes them again.
                try? limited.set(.media(media), for: key)
                removed.append(key)
            default:
                continue
            }
        }
        return (limited, removed.sorted())
    }

    /// Whether `url` is among the first `limit` distinct URLs, adding it when there is room.
    private func admit(_ url: URL, into kept: inout Set<URL>, limit: Int) -> Bool {
        if kept.contains(url) { return true }
        guard kept.count < limit else { return false }
        kept.insert(url)
        return true
    }

    /// A copy whose images (including media stills) carry the downloaded bytes from `data`.
    package func fillingImageData(_ data: [URL: Data]) throws(MediationError) -> NativeAdProperties {
        var filled = self
        for key in keys {
            switch self[key] {
            case .image(var image)?:
                guard let url = image.urlToDownload else { continue }
                image.data = data[url]
                try filled.set(.image(image), for: key)
            case .media(var media)?:
                guard let url = media.image?.urlToDownload else { continue }
                media.image?.data = data[url]
                try filled.set(.media(media), for: key)
            default:
                continue
            }
        }
        return filled
    }
}
