import Foundation

/// Image precaching support: which images still need bytes, and filling in the bytes once downloaded.
///
/// Custom events that precache (MoPub's `precacheImagesWithURLs`) pass ``unloadedImageURLs`` to
/// `context.imagePrecacher` and build their adapter from ``fillingImageData(_:)``. Images that already have
/// content (bytes or a network handle, ``AdImage/isLoaded``) are skipped by both.
extension NativeAdProperties {
    /// The URLs of the images (including media stills) that have no bytes yet, without duplicates, in key order.
    public var unloadedImageURLs: [URL] {
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

    /// A copy whose images (including media stills) carry the downloaded bytes from `data`.
    public func fillingImageData(_ data: [URL: Data]) throws(MediationError) -> NativeAdProperties {
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
