import Foundation
import MediationCore
import MediationSupport

/// An ad-response source that serves pages from memory, synchronously or after a latency on a clock, and
/// records every URL asked for.
public final class InMemoryAdResponseSource: AdResponseSource, Sendable {
    private let pages: Locked<[URL: Result<AdResponse, MediationError>]>
    private let requested = Locked<[URL]>([])
    private let latency: Duration
    private let clock: MediationClock?

    /// Creates a source serving `pages` (a URL it does not know fails with `noFill`); answers after `latency`
    /// on `clock`, or at once without a clock.
    public init(pages: [URL: AdResponse] = [:], latency: Duration = .zero, clock: MediationClock? = nil) {
        self.pages = Locked(pages.mapValues { .success($0) })
        self.latency = latency
        self.clock = clock
    }

    /// Serves `response` at `url`.
    public func serve(_ response: AdResponse, at url: URL) {
        pages.withLock { $0[url] = .success(response) }
    }

    /// Fails requests for `url` with `error`.
    public func fail(_ url: URL, with error: MediationError) {
        pages.withLock { $0[url] = .failure(error) }
    }

    /// Every URL asked for, in order.
    public var requestedURLs: [URL] { requested.current }

    /// Answers from memory.
    public func fetchAdResponse(
        from url: URL, completion: @escaping @Sendable (Result<AdResponse, MediationError>) -> Void
    ) {
        requested.withLock { $0.append(url) }
        let result = pages.withLock { $0[url] } ?? .failure(.noFill)
        let answer = result.map { response -> AdResponse in
            var response = response
            response.url = url
            return response
        }
        if let clock, latency > .zero {
            clock.schedule(after: latency) { completion(answer) }
        } else {
            completion(answer)
        }
    }
}
