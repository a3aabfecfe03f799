import Foundation
import MediationCore
import MediationSupport

/// Downloads ad images over HTTP before a custom event reports its ad (MoPub's `precacheImagesWithURLs`).
///
/// - At most ``maxConcurrentDownloads`` downloads run at once. Each `precacheImages` call (one ad) has its own
///   queue, and free slots go to the calls in turn, so that one ad with many slow images cannot hold another
///   ad's images back.
/// - When a call fails (its first image fails) or is cancelled (``startPrecaching(_:completion:)``), its queued
///   downloads are dropped and its running ones cancelled, unless another call waits for the same URL.
/// - Each download has its own ``timeout`` and byte cap (``maxImageBytes``), enforced while the body arrives;
///   an empty body, or one that is not an image (an HTML error page), fails.
/// - Downloaded images stay in a memory cache bounded by ``cacheCapacityBytes`` (each entry's URL and
///   bookkeeping count too) and by ``cacheCapacityEntries``; the least recently used are evicted first. A
///   cached URL completes without a request.
/// - A URL already downloading is not downloaded again: every caller waiting for it gets the same answer.
/// - A failure completes with `MediationError.imageDownloadFailed(url:reason:)` naming the first URL that
///   failed and why (an HTTP status, a timeout, the byte cap, a body that is not an image, a transport error).
public final class URLSessionImagePrecacher: ImagePrecaching {
    /// The default number of downloads at once: 4.
    public static let defaultMaxConcurrentDownloads = 4
    /// The default per-image timeout: 10 seconds.
    public static let defaultTimeout: Duration = .seconds(10)
    /// The default per-image byte cap: 2 MiB.
    public static let defaultMaxImageBytes = 2 << 20
    /// The default memory cache size: 16 MiB, URLs and overhead included.
    public static let defaultCacheCapacityBytes = 16 << 20
    /// The default most images cached: 512.
    public static let defaultCacheCapacityEntries = 512

    /// How many downloads run at once.
    public let maxConcurrentDownloads: Int
    /// How long one image download may take once sent.
    public let timeout: Duration
    /// The largest image accepted, in bytes.
    public let maxImageBytes: Int
    /// The most bytes the memory cache keeps, URLs and overhead included.
    public let cacheCapacityBytes: Int
    /// The most images the memory cache keeps.
    public let cacheCapacityEntries: Int
    /// The URL rule of the downloads: cleartext `http` only to loopback hosts unless it allows cleartext.
    public let urlPolicy: MediationURLPolicy

    private struct Call {
        var remaining: Set<URL>
        var images: [URL: Data] = [:]
        var queued: [URL] = []
        var completion: @Sendable (Result<[URL: Data], MediationError>) -> Void
    }

    private struct Download {
        /// The calls waiting for this URL, first one first.
        var calls: [Int]
        var handle: HTTPFetchHandle?
    }

    private struct State {
        var cache: ImageMemoryCache
        var calls: [Int: Call] = [:]
        var downloads: [URL: Download] = [:]
        /// Calls with queued URLs, in turn order.
        var turns: [Int] = []
        var running = 0
        var nextCall = 0
        var downloadCount = 0
        var cancelledDownloadCount = 0
    }

    private let fetcher: HTTPFetcher
    private let state: Locked<State>

    /// Creates a precacher whose downloads obey `urlPolicy` (by default https, or http to loopback hosts): a call
    /// with a cleartext `http` URL to a host that is not loopback fails with
    /// `MediationError.imageDownloadFailed(url:reason:)` giving the reason, unless the policy allows cleartext
    /// (`MediationURLPolicy.allowsCleartextHTTP`).
    ///
    /// - Throws: `MediationError.invalidConfiguration(path:reason:)` naming the first value out of range.
    public init(
        maxConcurrentDownloads: Int = URLSessionImagePrecacher.defaultMaxConcurrentDownloads,
        timeout: Duration = URLSessionImagePrecacher.defaultTimeout,
        maxImageBytes: Int = URLSessionImagePrecacher.defaultMaxImageBytes,
        cacheCapacityBytes: Int = URLSessionImagePrecacher.defaultCacheCapacityBytes,
        cacheCapacityEntries: Int = URLSessionImagePrecacher.defaultCacheCapacityEntries,
        urlPolicy: MediationURLPolicy = .default
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
        guard cacheCapacityEntries >= 0 else {
            throw .invalidConfiguration(
                path: "cacheCapacityEntries", reason: "expected 0 or more entries, got \(cacheCapacityEntries)")
        }
        self.maxConcurrentDownloads = maxConcurrentDownloads
        self.timeout = timeout
        self.maxImageBytes = maxImageBytes
        self.cacheCapacityBytes = cacheCapacityBytes
        self.cacheCapacityEntries = cacheCapacityEntries
        self.urlPolicy = urlPolicy
        fetcher = HTTPFetcher(maxConcurrentRequests: maxConcurrentDownloads)
        state = Locked(
            State(cache: ImageMemoryCache(capacityBytes: cacheCapacityBytes, capacityEntries: cacheCapacityEntries)))
    }

    /// How many downloads this precacher has started (cache hits and joined downloads start none).
    public var downloadCount: Int { state.withLock { $0.downloadCount } }

    /// How many queued or running downloads were dropped because every call waiting for them had failed or was
    /// cancelled.
    public var cancelledDownloadCount: Int { state.withLock { $0.cancelledDownloadCount } }

    /// How many images the memory cache holds now.
    public var cachedImageCount: Int { state.withLock { $0.cache.count } }

    /// The bytes the memory cache holds now, URLs and overhead included.
    public var cachedBytes: Int { state.withLock { $0.cache.totalBytes } }

    /// The bytes cached for `url`, if any; does not count as a use.
    public func cachedData(for url: URL) -> Data? {
        state.withLock { $0.cache.peek(url) }
    }

    /// Downloads every URL of `urls` (cached ones are not downloaded again).
    public func precacheImages(
        _ urls: [URL], completion: @escaping @Sendable (Result<[URL: Data], MediationError>) -> Void
    ) {
        startPrecaching(urls, completion: completion)
    }

    /// Downloads every URL of `urls` like ``precacheImages(_:completion:)``, and returns a handle that cancels
    /// the call: its queued and running downloads that no other call waits for are dropped, and `completion`
    /// runs with `MediationError.cancelled` unless it already ran.
    @discardableResult
    public func startPrecaching(
        _ urls: [URL], completion: @escaping @Sendable (Result<[URL: Data], MediationError>) -> Void
    ) -> ImagePrecacheCancellation {
        var unique: [URL] = []
        var seen = Set<URL>()
        for url in urls where seen.insert(url).inserted { unique.append(url) }
        if let refused = unique.lazy.compactMap({ url in self.urlPolicy.cleartextRefusal(of: url).map { (url, $0) } })
            .first
        {
            completion(.failure(.imageDownloadFailed(url: refused.0.absoluteString, reason: refused.1)))
            return ImagePrecacheCancellation {}
        }
        guard !unique.isEmpty else {
            completion(.success([:]))
            return ImagePrecacheCancellation {}
        }
        let (number, finished) = state.withLock { state -> (Int, (@Sendable () -> Void)?) in
            state.nextCall += 1
            let number = state.nextCall
            var call = Call(remaining: Set(unique), completion: completion)
            for url in unique {
                if let data = state.cache.data(for: url) {
                    call.images[url] = data
                    call.remaining.remove(url)
                } else if state.downloads[url] != nil {
                    state.downloads[url]?.calls.append(number)
                } else {
                    state.downloads[url] = Download(calls: [number])
                    call.queued.append(url)
                }
            }
            if call.remaining.isEmpty {
                let images = call.images
                return (number, { completion(.success(images)) })
            }
            if !call.queued.isEmpty { state.turns.append(number) }
            state.calls[number] = call
            return (number, nil)
        }
        finished?()
        startQueuedDownloads()
        return ImagePrecacheCancellation { [weak self] in
            self?.end(call: number, with: .cancelled)
        }
    }
}

extension URLSessionImagePrecacher {
    private func startQueuedDownloads() {
        while let url = takeNextQueuedURL() { download(url) }
    }

    /// The next URL to download, taken from the calls in turn; `nil` when every slot is busy or nothing waits.
    private func takeNextQueuedURL() -> URL? {
        state.withLock { state -> URL? in
            guard state.running < maxConcurrentDownloads else { return nil }
            while !state.turns.isEmpty {
                let number = state.turns.removeFirst()
                guard var call = state.calls[number], !call.queued.isEmpty else { continue }
                let url = call.queued.removeFirst()
                state.calls[number] = call
                if !call.queued.isEmpty { state.turns.append(number) }
                guard state.downloads[url] != nil else { continue }
                state.running += 1
                state.downloadCount += 1
                return url
            }
            return nil
        }
    }

    private func download(_ url: URL) {
        let handle = fetcher.get(url, headers: ["Accept": "image/*"], timeout: timeout, maxBytes: maxImageBytes) {
            [self] result in
            let outcome: Result<Data, MediationError>
            switch result {
            case .success(let response) where (200..<300).contains(response.status):
                if let problem = ImageBodyCheck.problem(body: response.body, contentType: response.contentType) {
                    outcome = .failure(.imageDownloadFailed(url: url.absoluteString, reason: problem))
                } else {
                    outcome = .success(response.body)
                }
            case .success(let response):
                outcome = .failure(
                    .imageDownloadFailed(url: url.absoluteString, reason: "HTTP status \(response.status)"))
            case .failure(let failure):
                outcome = .failure(.imageDownloadFailed(url: url.absoluteString, reason: failure.reason))
            }
            finish(url, outcome)
        }
        let isStale = state.withLock { state -> Bool in
            guard state.downloads[url] != nil else { return true }
            state.downloads[url]?.handle = handle
            return false
        }
        if isStale { handle.cancel() }
    }

    private func finish(_ url: URL, _ outcome: Result<Data, MediationError>) {
        var completions: [@Sendable () -> Void] = []
        var failedCalls: [Int] = []
        state.withLock { state in
            state.running -= 1
            guard let download = state.downloads.removeValue(forKey: url) else { return }
            switch outcome {
            case .success(let data):
                state.cache.insert(data, for: url)
                for number in download.calls {
                    guard var call = state.calls[number] else { continue }
                    call.images[url] = data
                    call.remaining.remove(url)
                    if call.remaining.isEmpty {
                        state.calls[number] = nil
                        let images = call.images
                        let completion = call.completion
                        completions.append { completion(.success(images)) }
                    } else {
                        state.calls[number] = call
                    }
                }
            case .failure:
                failedCalls = download.calls
            }
        }
        for completion in completions { completion() }
        if case .failure(let error) = outcome {
            for number in failedCalls { end(call: number, with: error) }
        }
        startQueuedDownloads()
    }

    /// Ends call `number` with `error` (unless it already ended) and drops the downloads only it waits for.
    private func end(call number: Int, with error: MediationError) {
        var handles: [HTTPFetchHandle] = []
        let completion = state.withLock { state -> (@Sendable (Result<[URL: Data], MediationError>) -> Void)? in
            guard let call = state.calls.removeValue(forKey: number) else { return nil }
            for url in call.remaining {
                guard var download = state.downloads[url] else { continue }
                download.calls.removeAll { $0 == number }
                if download.calls.isEmpty {
                    state.downloads[url] = nil
                    state.cancelledDownloadCount += 1
                    if let handle = download.handle { handles.append(handle) }
                } else {
                    state.downloads[url] = download
                    // A URL this call had queued and another call still needs moves to that call's queue.
                    if call.queued.contains(url), let heir = download.calls.first {
                        state.calls[heir]?.queued.append(url)
                        if !state.turns.contains(heir) { state.turns.append(heir) }
                    }
                }
            }
            return call.completion
        }
        for handle in handles { handle.cancel() }
        completion?(.failure(error))
    }
}
