import MediationSupport

extension NativeAdRequestContext {
    /// The most image URLs one ad asks the precacher for: 16. An ad with more images keeps the first 16
    /// (well-known keys first, then extras) and loses the others, with a warning saying how many; a direct
    /// call to ``imagePrecacher`` with more URLs downloads the first 16 only, with the same warning.
    package static let maximumImagesPerAd = 16

    /// Downloads the images of `properties` that have no bytes yet (MoPub's `precacheImagesWithURLs`), fills the
    /// bytes in, and makes the ad from the loaded properties; then calls `completion` once.
    ///
    /// Custom events call this between mapping the network's ad and reporting `didLoad`, so that an ad is
    /// reported only when every image it needs is ready. A failed download completes with
    /// ``MediationError/imageDownloadFailed(url:reason:)`` (naming the URL when the precacher does); an error thrown by
    /// `makeAd` completes with that error.
    ///
    /// At most 16 distinct URLs are downloaded (well-known keys first, then extras); the images past them are
    /// removed from the properties and a warning names how many.
    public func precacheImages(
        of properties: NativeAdProperties,
        thenMakeAd makeAd: @escaping @Sendable (NativeAdProperties) throws(MediationError) -> NativeAd,
        completion: @escaping @Sendable (Result<NativeAd, MediationError>) -> Void
    ) {
        let (properties, removed) = properties.limitingImageDownloads(to: Self.maximumImagesPerAd)
        if !removed.isEmpty {
            let shown = removed.prefix(5).map { $0.rawValue.terminalSafe }.joined(separator: ", ")
            logger.log(
                .warning,
                "\(removed.count) \(removed.count == 1 ? "image" : "images") dropped: over the limit of "
                    + "\(Self.maximumImagesPerAd) image downloads per ad (\(shown)\(removed.count > 5 ? ", …" : ""))")
        }
        imagePrecacher.precacheImages(properties.unloadedImageURLs) { result in
            switch result {
            case .success(let data):
                do throws(MediationError) {
                    completion(.success(try makeAd(try properties.fillingImageData(data))))
                } catch {
                    completion(.failure(error))
                }
            case .failure(.imageDownloadFailed(let url, let reason)):
                completion(.failure(.imageDownloadFailed(url: url, reason: reason)))
            case .failure(let error):
                completion(.failure(.imageDownloadFailed(url: nil, reason: error.description)))
            }
        }
    }
}
