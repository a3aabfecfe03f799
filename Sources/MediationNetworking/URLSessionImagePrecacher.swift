import Foundation
import MediationCore

/// Downloads ad images over HTTP before a custom event reports its ad (MoPub's `precacheImagesWithURLs`).
///
/// - At most ``maxConcurrentDownloads`` downloads run at once; further URLs wait in order.
/// - Each download has its own ``timeout`` and byte cap (``maxImageBytes``), enforced while the body arrives.
/// - Downloaded images stay in a memory cache of up to ``cacheCapacityBytes`` bytes, keyed by URL; the least
///   recently used are evicted first. A cached URL completes without a request.
/// - A URL already downloading is not downloaded again: every caller waiting for it gets the same answer.
/// - A failure completes with ``MediationError/imageDownloadFailed(url:reason:)`` naming the first URL that
///   failed and why (an HTTP status, a timeout, the byte cap, a transport error).
public final class URLSessionImagePrecacher: ImagePrecaching {
    /// The default number of downloads at once: 4.
    public static let defaultMaxConcurrentDownloads = 4
    /// The default per-image timeout: 10 seconds.
    public static let defaultTimeout: Duration = .seconds(10)
    /// The default per-image byte cap: 2 MiB.
    public static let defaultMaxImageBytes = 2 << 20
    /// The default memory cache size: 16 MiB.
    public static let defaultCacheCapacityBytes = 16 << 20

    /// How many downloads run at once.
    public let maxConcurrentDownloads: Int
    /// How long one image download may take.
    public let timeout: Duration
    /// The largest image accepted, in bytes.
    public let maxImageBytes: Int
    /// The most bytes the memory cache keeps.
    public let cacheCapacityBytes: Int

    private typealias Waiter = @Sendable (Result<Data, MediationError>) -> Void

    private struct State {
        var cache: ImageMemoryCache
        var waiters: [URL: [Waiter]] = [:]
        var queued: [URL] = []
        var running = 0
        var downloadCount = 0
    }

    private let fetcher = HTTPFetcher()
    private let state: Locked<State>

    /// Creates a precacher.
    ///
    /// - Throws: ``MediationError/invalidConfiguration(path:reason:)`` naming the first value out of range.
    public init(
        maxConcurrentDownloads: Int = URLSessionImagePrecacher.defaultMaxConcurrentDownloads,
        timeout: Duration = URLSessionImagePrecacher.defaultTimeout,
        maxImageBytes: Int = URLSessionImagePrecacher.defaultMaxImageBytes,
        cacheCapacityBytes: Int = URLSessionImagePrecacher.defaultCacheCapacityBytes
    ) throws(MediationError) {
        guard maxConcurrentDownloads > 0 else {
            throw .invalidConfiguration(
                path: "maxConcurrentDownloads", reason: "expected at least 1, got \(maxConcurrentDownloads)")
        }
        guard timeout > .zero else {
            throw .invalidConfiguration(path: "timeout", reason: "expected a positive timeout, got \(timeout)")
        }
        guard maxImageBytes > 0 else {
            throw .invalidConfiguration(path: "maxImageBytes", reason: "expected at least 1 byte, got \(maxImageBytes)")
        }
        guard cacheCapacityBytes >= 0 else {
            throw .invalidConfiguration(
                path: "cacheCapacityBytes", reason: "expected 0 or more bytes, got \(cacheCapacityBytes)")
        }
        self.maxConcurrentDownloads = maxConcurrentDownloads
        self.timeout = timeout
        self.maxImageBytes = maxImageBytes
        self.cacheCapacityBytes = cacheCapacityBytes
        state = Locked(State(cache: ImageMemoryCache(capacityBytes: cacheCapacityBytes)))
    }

    deinit {
        fetcher.invalidate()
    }

    /// How many downloads this precacher has started (cache hits and joined downloads start none).
    public var downloadCount: Int { state.withLock { $0.downloadCount } }

    /// The bytes cached for `url`, if any; does not count as a use.
    public func cachedData(for url: URL) -> Data? {
        state.withLock { $0.cache.peek(url) }
    }

    /// Downloads every URL of `urls` (cached ones are not downloaded again).
    public func precacheImages(
        _ urls: [URL], completion: @escaping @Sendable (Result<[URL: Data], MediationError>) -> Void
    ) {
        let unique = Array(Set(urls))
        guard !unique.isEmpty else {
            completion(.success([:]))
            return
        }
        let group = ImageDownloadGroup(expecting: unique.count, completion: completion)
        var hits: [(URL, Data)] = []
        state.withLock { state in
            for url in unique {
                if let data = state.cache.data(for: url) {
                    hits.append((url, data))
                } else if state.waiters[url] != nil {
                    state.waiters[url]?.append { group.receive($0, for: url) }
                } else {
                    state.waiters[url] = [{ group.receive($0, for: url) }]
                    state.queued.append(url)
                }
            }
        }
        for (url, data) in hits { group.receive(.success(data), for: url) }
        startQueuedDownloads()
    }

    private func startQueuedDownloads() {
        let toStart = state.withLock { state -> [URL] in
            var urls: [URL] = []
            while state.running < maxConcurrentDownloads, !state.queued.isEmpty {
                urls.append(state.queued.removeFirst())
                state.running += 1
                state.downloadCount += 1
            }
            return urls
        }
        for url in toStart { download(url) }
    }

    private func download(_ url: URL) {
        fetcher.get(url, headers: ["Accept": "image/*"], timeout: timeout, maxBytes: maxImageBytes) {
            [self] result in
            let outcome: Result<Data, MediationError>
            switch result {
            case .success(let response) where (200..<300).contains(response.status):
                outcome = .success(response.body)
            case .success(let response):
                outcome = .failure(
                    .imageDownloadFailed(url: url.absoluteString, reason: "HTTP status \(response.status)"))
            case .failure(let failure):
                outcome = .failure(
                    .imageDownloadFailed(url: url.absoluteString, reason: failure.mediationError(url: url).description))
            }
            finish(url, outcome)
        }
    }

    private func finish(_ url: URL, _ outcome: Result<Data, MediationError>) {
        let waiters = state.withLock { state in
            state.running -= 1
            if case .success(let data) = outcome { state.cache.insert(data, for: url) }
            return state.waiters.removeValue(forKey: url) ?? []
        }
        for waiter in waiters { waiter(outcome) }
        startQueuedDownloads()
    }
}
