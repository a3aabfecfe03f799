import Foundation

/// Downloads images before a custom event reports its load (MoPub's `precacheImagesWithURLs`).
///
/// Conformers call `completion` exactly once, from any thread: with the bytes of every URL, or with
/// ``MediationError/imageDownloadFailed(url:)`` naming the first URL that failed. An empty list completes at once
/// with an empty dictionary.
public protocol ImagePrecaching: Sendable {
    /// Downloads every URL of `urls`.
    func precacheImages(
        _ urls: [URL], completion: @escaping @Sendable (Result<[URL: Data], MediationError>) -> Void)
}

/// A precacher that downloads nothing and succeeds at once with no bytes; images stay unloaded and the host
/// loads them at display time.
public struct NoImagePrecaching: ImagePrecaching {
    /// Creates the precacher.
    public init() {}

    /// Completes at once with no bytes.
    public func precacheImages(
        _ urls: [URL], completion: @escaping @Sendable (Result<[URL: Data], MediationError>) -> Void
    ) {
        completion(.success([:]))
    }
}
