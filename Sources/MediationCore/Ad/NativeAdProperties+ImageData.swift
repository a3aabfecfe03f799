import Foundation

/// Image precaching support: which images still need bytes, and filling in the bytes once downloaded.
///
/// Custom events that precache (MoPub's `precacheImagesWithURLs`) pass ``unloadedImageURLs`` to
/// `context.imagePrecacher` and build their adapter from ``fillingImageData(_:)``.
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
            if let image, image.data == nil, seen.insert(image.url).inserted { urls.append(image.url) }
        }
        return urls
    }

    /// A copy whose images (including media stills) carry the downloaded bytes from `data`.
    public func fillingImageData(_ data: [URL: Data]) throws(MediationError) -> NativeAdProperties {
        var filled = self
        for key in keys {
            switch self[key] {
            case .image(var image)? where image.data == nil:
                image.data = data[image.url]
                try filled.set(.image(image), for: key)
            case .media(var media)? where media.image?.data == nil:
                if let url = media.image?.url { media.image?.data = data[url] }
                try filled.set(.media(media), for: key)
            default:
                continue
            }
        }
        return filled
    }
}
