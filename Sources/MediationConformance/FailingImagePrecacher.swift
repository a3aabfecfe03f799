import Foundation
import MediationCore
import MediationSupport

/// An image precacher whose every download fails with `image_download_failed` for the first URL asked for.
final class FailingImagePrecacher: ImagePrecaching, Sendable {
    private let requests = Locked(0)

    /// How many precache requests with at least one URL came in.
    var requestCount: Int { requests.current }

    func precacheImages(_ urls: [URL], completion: @escaping @Sendable (Result<[URL: Data], MediationError>) -> Void) {
        guard let first = urls.first else {
            completion(.success([:]))
            return
        }
        requests.withLock { $0 += 1 }
        completion(.failure(.imageDownloadFailed(url: first.absoluteString)))
    }
}
