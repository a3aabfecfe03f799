import Foundation
import MediationCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Loads ad responses (MoPub multi-ad-response JSON) over HTTP: the first page for an ad unit from the ad
/// server's endpoint, and `x-next-url` pages when the engine follows them.
///
/// Every request is a GET with a timeout (``defaultTimeout``, MoPub's 10 seconds, unless configured) and a
/// body cap (``defaultMaxResponseBytes``, 1 MiB, unless configured) enforced while the body arrives. Failures
/// are distinct `MediationError` values naming the URL: `MediationError.httpStatus(url:status:)`,
/// `MediationError.invalidResponseBody(url:reason:)`, `MediationError.responseTooLarge(url:limitBytes:)`,
/// `MediationError.requestTimedOut(url:after:)`, `MediationError.requestFailed(url:reason:)`; a body that is
/// JSON but not a valid ad response fails with the parser's first error, which names the JSON path.
///
/// Pass the same source as the `Mediator`'s `responseSource:` so that runs follow `x-next-url` through it.
public final class HTTPAdResponseSource: AdResponseSource {
    /// MoPub's ad request timeout: 10 seconds.
    public static let defaultTimeout: Duration = .seconds(10)
    /// The default body cap: 1 MiB.
    public static let defaultMaxResponseBytes = 1 << 20

    /// The ad server's ad request endpoint, such as `https://ads.example.com/m/ad`.
    public let endpoint: URL
    /// How long one request may take, from start to the last byte.
    public let timeout: Duration
    /// The largest body accepted, in bytes.
    public let maxResponseBytes: Int
    /// The SDK version sent as `nv`.
    public let sdkVersion: String
    /// Adapter versions sent as `adapters` (`name:version`, comma separated, sorted by name).
    public let adapterVersions: [String: String]
    /// The URL rule for the endpoint and `x-next-url` pages: cleartext `http` only to loopback hosts unless the
    /// policy allows it (`MediationURLPolicy.allowsCleartextHTTP`). Pass the mediator's policy.
    public let urlPolicy: MediationURLPolicy

    private let fetcher = HTTPFetcher.shared

    /// Creates a source for the ad server at `endpoint` under the default URL policy (https, or http to a
    /// loopback host).
    ///
    /// - Throws: `MediationError.invalidConfiguration(path:reason:)` when `endpoint` is not http(s) or is
    ///   cleartext http to a host that is not loopback, the timeout is not positive or the body cap is below one
    ///   byte.
    public init(
        endpoint: URL,
        timeout: Duration = HTTPAdResponseSource.defaultTimeout,
        maxResponseBytes: Int = HTTPAdResponseSource.defaultMaxResponseBytes,
        sdkVersion: String = MediationKitVersion.current,
        adapterVersions: [String: String] = [:]
    ) throws(MediationError) {
        try Self.check(endpoint: endpoint, timeout: timeout, maxResponseBytes: maxResponseBytes, urlPolicy: .default)
        self.endpoint = endpoint
        self.timeout = timeout
        self.maxResponseBytes = maxResponseBytes
        self.sdkVersion = sdkVersion
        self.adapterVersions = adapterVersions
        self.urlPolicy = .default
    }

    /// Creates a source for the ad server at `endpoint` under `urlPolicy` (whose
    /// `MediationURLPolicy.allowsCleartextHTTP` lets the endpoint and `x-next-url` pages be cleartext http).
    ///
    /// - Throws: `MediationError.invalidConfiguration(path:reason:)` when `endpoint` is not http(s) or is
    ///   cleartext http that `urlPolicy` refuses, the timeout is not positive or the body cap is below one byte.
    public init(
        endpoint: URL,
        timeout: Duration = HTTPAdResponseSource.defaultTimeout,
        maxResponseBytes: Int = HTTPAdResponseSource.defaultMaxResponseBytes,
        sdkVersion: String = MediationKitVersion.current,
        adapterVersions: [String: String] = [:],
        urlPolicy: MediationURLPolicy
    ) throws(MediationError) {
        try Self.check(endpoint: endpoint, timeout: timeout, maxResponseBytes: maxResponseBytes, urlPolicy: urlPolicy)
        self.endpoint = endpoint
        self.timeout = timeout
        self.maxResponseBytes = maxResponseBytes
        self.sdkVersion = sdkVersion
        self.adapterVersions = adapterVersions
        self.urlPolicy = urlPolicy
    }

    private static func check(
        endpoint: URL, timeout: Duration, maxResponseBytes: Int, urlPolicy: MediationURLPolicy
    ) throws(MediationError) {
        guard MediationURLPolicy.isAllowedContentURL(endpoint) else {
            throw .invalidConfiguration(
                path: "endpoint", reason: "expected an http or https URL, got \"\(endpoint.absoluteString)\"")
        }
        if let reason = urlPolicy.cleartextRefusal(of: endpoint) {
            throw .invalidConfiguration(path: "endpoint", reason: reason)
        }
        guard timeout > .zero else {
            throw .invalidConfiguration(path: "timeout", reason: "expected a positive timeout, got \(timeout)")
        }
        guard maxResponseBytes > 0 else {
            throw .invalidConfiguration(
                path: "maxResponseBytes", reason: "expected at least 1 byte, got \(maxResponseBytes)")
        }
    }

    /// Fetches the first page for `adUnitID` with the request built by ``requestURL(adUnitID:privacy:targeting:)``.
    public func fetchAdResponse(
        forAdUnit adUnitID: String, privacy: PrivacySettings, targeting: Targeting,
        completion: @escaping @Sendable (Result<AdResponse, MediationError>) -> Void
    ) {
        startFetch(forAdUnit: adUnitID, privacy: privacy, targeting: targeting, completion: completion)
    }

    /// Fetches the first page for `adUnitID` with the request built by ``requestURL(adUnitID:privacy:targeting:)``
    /// and returns a handle that cancels it: a cancelled fetch stops its HTTP request and completes with
    /// `MediationError.cancelled`.
    @discardableResult
    public func startFetch(
        forAdUnit adUnitID: String, privacy: PrivacySettings, targeting: Targeting,
        completion: @escaping @Sendable (Result<AdResponse, MediationError>) -> Void
    ) -> AdResponseFetch {
        let fetch = AdResponseFetch()
        startFetch(forAdUnit: adUnitID, privacy: privacy, targeting: targeting, into: fetch, completion: completion)
        return fetch
    }

    /// Starts the first-page fetch for `adUnitID` under `fetch`, which may already be cancelled; with `test=1`
    /// when `isTestMode`.
    func startFetch(
        forAdUnit adUnitID: String, privacy: PrivacySettings, targeting: Targeting, isTestMode: Bool = false,
        into fetch: AdResponseFetch, completion: @escaping @Sendable (Result<AdResponse, MediationError>) -> Void
    ) {
        let url: URL
        do throws(MediationError) {
            url = try requestURL(adUnitID: adUnitID, privacy: privacy, targeting: targeting, isTestMode: isTestMode)
        } catch {
            completion(.failure(error))
            return
        }
        startFetch(from: url, into: fetch) { result in
            completion(
                result.map { response in
                    var response = response
                    response.adUnitID = response.adUnitID ?? adUnitID
                    return response
                })
        }
    }

    /// Fetches the first page for `adUnitID`.
    ///
    /// Cancelling the calling task cancels the HTTP request, and the call throws `MediationError.cancelled`.
    public func fetchAdResponse(
        forAdUnit adUnitID: String, privacy: PrivacySettings, targeting: Targeting
    ) async throws(MediationError) -> AdResponse {
        guard !Task.isCancelled else { throw .cancelled }
        let handle = AdResponseFetch()
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                startFetch(forAdUnit: adUnitID, privacy: privacy, targeting: targeting, into: handle) {
                    continuation.resume(returning: $0)
                }
            }
        } onCancel: {
            handle.cancel()
        }
        return try result.get()
    }

    /// Loads and parses the page at `url` (an `x-next-url`, or any ad response URL).
    public func fetchAdResponse(
        from url: URL, completion: @escaping @Sendable (Result<AdResponse, MediationError>) -> Void
    ) {
        startFetch(from: url, completion: completion)
    }

    /// Loads and parses the page at `url` and returns a handle that cancels it: a cancelled fetch stops its HTTP
    /// request and completes with `MediationError.cancelled`.
    ///
    /// A cleartext `http` URL that ``urlPolicy`` refuses fails at once with
    /// `MediationError.requestFailed(url:reason:)` giving the reason; nothing is sent.
    @discardableResult
    public func startFetch(
        from url: URL, completion: @escaping @Sendable (Result<AdResponse, MediationError>) -> Void
    ) -> AdResponseFetch {
        let fetch = AdResponseFetch()
        startFetch(from: url, into: fetch, completion: completion)
        return fetch
    }

    /// Starts the fetch of `url` under `fetch`, which may already be cancelled.
    func startFetch(
        from url: URL, into fetch: AdResponseFetch,
        completion: @escaping @Sendable (Result<AdResponse, MediationError>) -> Void
    ) {
        let request = HTTPFetchRequest(
            url: url, headers: ["Accept": "application/json"], timeout: timeout, maxBytes: maxResponseBytes)
        startFetch(request, into: fetch, completion: completion)
    }

    /// Sends `request` (a GET or a bidding POST) under `fetch` and parses its answer as an ad response. The fetch
    /// completes once: with the answer, or at once when `fetch` is cancelled (already, or while the request goes).
    func startFetch(
        _ request: HTTPFetchRequest, into fetch: AdResponseFetch,
        completion: @escaping @Sendable (Result<AdResponse, MediationError>) -> Void
    ) {
        guard fetch.begin(completion) else {
            completion(.failure(.cancelled))
            return
        }
        if let reason = urlPolicy.cleartextRefusal(of: request.url) {
            fetch.complete(with: .failure(.requestFailed(url: request.url.absoluteString, reason: reason)))
            return
        }
        let url = request.url
        let sentAt = ContinuousClock.now
        let handle = fetcher.fetch(request) { result in
            let took = ContinuousClock.now - sentAt
            switch result {
            case .failure(let failure):
                fetch.record(
                    WireRecord(
                        kind: .adRequest, url: url, method: request.method, status: failure.status,
                        duration: took, outcome: failure == .cancelled ? "cancelled" : failure.reason))
                fetch.complete(with: .failure(failure.mediationError(url: url)))
            case .success(let response):
                let parsed = Self.parse(response, requestedURL: url)
                let outcome: String
                switch parsed {
                case .success: outcome = "answered"
                case .failure(let error): outcome = error.code
                }
                fetch.record(
                    WireRecord(
                        kind: .adRequest, url: url, method: request.method, status: response.status,
                        responseBytes: response.body.count, duration: took, outcome: outcome))
                fetch.complete(with: parsed)
            }
        }
        fetch.attach(handle)
    }

    private static func parse(_ response: HTTPFetchResponse, requestedURL url: URL) -> Result<
        AdResponse, MediationError
    > {
        guard (200..<300).contains(response.status) else {
            return .failure(.httpStatus(url: url.absoluteString, status: response.status))
        }
        do throws(MediationError) {
            return .success(try AdResponse.parse(responseBody: response.body, from: url))
        } catch {
            return .failure(error)
        }
    }
}
