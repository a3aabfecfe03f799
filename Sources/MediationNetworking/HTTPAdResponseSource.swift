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
/// are distinct ``MediationError`` values naming the URL: ``MediationError/httpStatus(url:status:)``,
/// ``MediationError/invalidResponseBody(url:reason:)``, ``MediationError/responseTooLarge(url:limitBytes:)``,
/// ``MediationError/requestTimedOut(url:after:)``, ``MediationError/requestFailed(url:reason:)``; a body that is
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

    private let fetcher = HTTPFetcher.shared

    /// Creates a source for the ad server at `endpoint`.
    ///
    /// - Throws: ``MediationError/invalidConfiguration(path:reason:)`` when `endpoint` is not http(s), the
    ///   timeout is not positive or the body cap is below one byte.
    public init(
        endpoint: URL,
        timeout: Duration = HTTPAdResponseSource.defaultTimeout,
        maxResponseBytes: Int = HTTPAdResponseSource.defaultMaxResponseBytes,
        sdkVersion: String = MediationKitVersion.current,
        adapterVersions: [String: String] = [:]
    ) throws(MediationError) {
        guard MediationURLPolicy.isAllowedContentURL(endpoint) else {
            throw .invalidConfiguration(
                path: "endpoint", reason: "expected an http or https URL, got \"\(endpoint.absoluteString)\"")
        }
        guard timeout > .zero else {
            throw .invalidConfiguration(path: "timeout", reason: "expected a positive timeout, got \(timeout)")
        }
        guard maxResponseBytes > 0 else {
            throw .invalidConfiguration(
                path: "maxResponseBytes", reason: "expected at least 1 byte, got \(maxResponseBytes)")
        }
        self.endpoint = endpoint
        self.timeout = timeout
        self.maxResponseBytes = maxResponseBytes
        self.sdkVersion = sdkVersion
        self.adapterVersions = adapterVersions
    }

    /// Fetches the first page for `adUnitID` with the request built by ``requestURL(adUnitID:privacy:targeting:)``.
    public func fetchAdResponse(
        forAdUnit adUnitID: String, privacy: PrivacySettings, targeting: Targeting,
        completion: @escaping @Sendable (Result<AdResponse, MediationError>) -> Void
    ) {
        do throws(MediationError) {
            let url = try requestURL(adUnitID: adUnitID, privacy: privacy, targeting: targeting)
            fetchAdResponse(from: url) { result in
                completion(
                    result.map { response in
                        var response = response
                        response.adUnitID = response.adUnitID ?? adUnitID
                        return response
                    })
            }
        } catch {
            completion(.failure(error))
        }
    }

    /// Fetches the first page for `adUnitID`.
    public func fetchAdResponse(
        forAdUnit adUnitID: String, privacy: PrivacySettings, targeting: Targeting
    ) async throws(MediationError) -> AdResponse {
        let result = await withCheckedContinuation { continuation in
            fetchAdResponse(forAdUnit: adUnitID, privacy: privacy, targeting: targeting) {
                continuation.resume(returning: $0)
            }
        }
        return try result.get()
    }

    /// Loads and parses the page at `url` (an `x-next-url`, or any ad response URL).
    public func fetchAdResponse(
        from url: URL, completion: @escaping @Sendable (Result<AdResponse, MediationError>) -> Void
    ) {
        fetcher.get(url, headers: ["Accept": "application/json"], timeout: timeout, maxBytes: maxResponseBytes) {
            result in
            switch result {
            case .failure(let failure):
                completion(.failure(failure.mediationError(url: url)))
            case .success(let response):
                completion(Self.parse(response, requestedURL: url))
            }
        }
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
