import Foundation

/// Downloads images before a custom event reports its load (MoPub's `precacheImagesWithURLs`).
///
/// Rules for conformers: call `completion` exactly once, from any thread: with the bytes of every URL, or with
/// ``MediationError/imageDownloadFailed(url:reason:)`` naming the first URL that failed. An empty list completes at once
/// with an empty dictionary.
public protocol ImagePrecaching: Sendable {
    /// Downloads every URL of `urls`.
    func precacheImages(
        _ urls: [URL], completion: @escaping @Sendable (Result<[URL: Data], MediationError>) -> Void)
}
