extension NativeAdRequestContext {
    /// Downloads the images of `properties` that have no bytes yet (MoPub's `precacheImagesWithURLs`), fills the
    /// bytes in, and makes the ad from the loaded properties; then calls `completion` once.
    ///
    /// Custom events call this between mapping the network's ad and reporting `didLoad`, so that an ad is
    /// reported only when every image it needs is ready. A failed download completes with
    /// ``MediationError/imageDownloadFailed(url:reason:)`` (naming the URL when the precacher does); an error thrown by
    /// `makeAd` completes with that error.
    public func precacheImages(
        of properties: NativeAdProperties,
        thenMakeAd makeAd: @escaping @Sendable (NativeAdProperties) throws(MediationError) -> NativeAd,
        completion: @escaping @Sendable (Result<NativeAd, MediationError>) -> Void
    ) {
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
