import Foundation
import MediationCore
import MediationSupport

/// An image precacher that "downloads" instantly or after a latency on a clock, failing the URLs it is told to.
public final class ScriptedImagePrecacher: ImagePrecaching, Sendable {
    private let failingURLs: Set<URL>
    private let latency: Duration
    private let clock: MediationClock?
    private let requested = Locked<[[URL]]>([])

    /// Creates a precacher that fails `failingURLs` and answers after `latency` on `clock` (at once without one).
    public init(failing failingURLs: Set<URL> = [], latency: Duration = .zero, clock: MediationClock? = nil) {
        self.failingURLs = failingURLs
        self.latency = latency
        self.clock = clock
    }

    /// Every list of URLs asked for, in order.
    public var requests: [[URL]] { requested.current }

    /// Succeeds with a few bytes per URL, or fails with the first failing URL.
    public func precacheImages(
        _ urls: [URL], completion: @escaping @Sendable (Result<[URL: Data], MediationError>) -> Void
    ) {
        requested.withLock { $0.append(urls) }
        let result: Result<[URL: Data], MediationError>
        if let failing = urls.first(where: failingURLs.contains) {
            result = .failure(.imageDownloadFailed(url: failing.absoluteString))
        } else {
            result = .success(Dictionary(uniqueKeysWithValues: urls.map { ($0, Data($0.absoluteString.utf8)) }))
        }
        if let clock, latency > .zero {
            clock.schedule(after: latency) { completion(result) }
        } else {
            completion(result)
        }
    }
}
