import Foundation
import MediationCore

extension NativeAdProperties {
    /// The URLs of the images (including media stills) that have no bytes yet, without duplicates, in key order.
    var unloadedImageURLs: [URL] {
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
    func fillingImageData(_ data: [URL: Data]) throws(MediationError) -> NativeAdProperties {
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
