import MediationSupport

/// Every failure MediationKit reports, to hosts, to traces and between custom events and the engine.
///
/// Each case has a stable short ``code`` for traces and logs. The engine fills in the value MoPub put in
/// the `%%LOAD_RESULT%%` after-load macro for a failure of this kind (`error`, `timeout`, `missing_adapter`).
public enum MediationError: Error, Sendable, Hashable, Codable {
    /// The network (or the whole waterfall) had no ad to give.
    case noFill
    /// The line did not answer within its timeout.
    case timeout
    /// A configuration value is wrong; `path` names where (a JSON path or a key), `reason` what is wrong.
    case invalidConfiguration(path: String, reason: String)
    /// The custom event's info lacks a key it needs; no network call was made.
    case missingRequiredInfo(key: String)
    /// A loaded ad lacks assets the adapter or host declared required; an empty list means the ad has no
    /// asset at all, which the engine refuses from any network.
    case missingRequiredAssets([NativeAdPropertyKey])
    /// No custom event or renderer configuration is registered for this identifier.
    case missingAdapter(identifier: String)
    /// The network SDK failed with its own error, kept unchanged.
    case networkError(NetworkErrorInfo)
    /// Loads for the ad unit are refused until the given instant (server `backoff_ms`).
    case rateLimited(until: MediationInstant)
    /// The ad expired before it was used.
    case adExpired
    /// The load was cancelled by the host.
    case cancelled
    /// An image the ad needs could not be downloaded; `url` names it when known, `reason` says why when known.
    case imageDownloadFailed(url: String?, reason: String? = nil)
    /// An HTTP request (an ad response page) was answered with a status other than 2xx.
    case httpStatus(url: String, status: Int)
    /// An HTTP response body is not what was expected (not JSON, cut short); `reason` says what was wrong.
    case invalidResponseBody(url: String, reason: String)
    /// An HTTP response body is larger than the configured cap; it was refused without being kept.
    case responseTooLarge(url: String, limitBytes: Int)
    /// An HTTP request got no complete answer within its timeout.
    case requestTimedOut(url: String, after: Duration)
    /// An HTTP request failed below HTTP (connection refused, DNS, TLS, not http or https).
    case requestFailed(url: String, reason: String)
    /// A bid's markup (`adm`) cannot be loaded: `path` names where it is wrong (a JSON path into the markup, or
    /// `adm` itself), `reason` what is wrong. Such a bid never fills; the auction reports it lost.
    case invalidBidMarkup(path: String, reason: String)
    /// The line's network has not started: its start-up failed or timed out (`reason` is the network's own error,
    /// or ``timeout``), or was still going when the line's timeout passed. No request was made.
    indirect case networkNotStarted(network: String, reason: MediationError)
    /// A frequency cap was reached: at most so many impressions per window, for the ad unit, a network, a creative
    /// or a line, set by the host or the ad server (MediationCore's `FrequencyCapStore`). `cap` names which cap and
    /// who set it, `freesIn` how long until it frees. A load refused this way ran no line; a line refused this way
    /// was skipped, or its loaded ad released unshown.
    case frequencyCapped(cap: String, freesIn: Duration)
    /// Pacing: the minimum interval between two impressions, for the ad unit, a network, a creative or a line, has
    /// not passed since the last one. `cap` names which pacing and who set it, `freesIn` how long until it passes.
    case paced(cap: String, freesIn: Duration)

    /// A stable short code for traces, logs and JSON output.
    public var code: String {
        switch self {
        case .noFill: "no_fill"
        case .timeout: "timeout"
        case .invalidConfiguration: "invalid_configuration"
        case .missingRequiredInfo: "missing_required_info"
        case .missingRequiredAssets: "missing_required_assets"
        case .missingAdapter: "missing_adapter"
        case .networkError: "network_error"
        case .rateLimited: "rate_limited"
        case .adExpired: "ad_expired"
        case .cancelled: "cancelled"
        case .imageDownloadFailed: "image_download_failed"
        case .httpStatus: "http_status"
        case .invalidResponseBody: "invalid_response_body"
        case .responseTooLarge: "response_too_large"
        case .requestTimedOut: "request_timed_out"
        case .requestFailed: "request_failed"
        case .invalidBidMarkup: "invalid_bid_markup"
        case .networkNotStarted: "network_not_started"
        case .frequencyCapped: "frequency_capped"
        case .paced: "paced"
        }
    }

    /// The MoPub `%%LOAD_RESULT%%` value for a line that ended with this error.
    package var loadResult: String {
        switch self {
        case .timeout, .requestTimedOut: "timeout"
        case .missingAdapter: "missing_adapter"
        default: "error"
        }
    }

    /// The `%%LOAD_RESULT%%` value of a line that loaded.
    package static let adLoadedResult = "ad_loaded"
}

extension MediationError: CustomStringConvertible {
    /// A one-line, human-readable description that names what was wrong and where.
    public var description: String {
        switch self {
        case .noFill:
            return "no fill"
        case .timeout:
            return "timed out"
        case .invalidConfiguration(let path, let reason):
            return "\(path): \(reason)"
        case .missingRequiredInfo(let key):
            return "missing required custom event info '\(key)'"
        case .missingRequiredAssets(let keys) where keys.isEmpty:
            return "missing required assets: the ad has none"
        case .missingRequiredAssets(let keys):
            return "missing required assets: \(keys.map(\.rawValue).joined(separator: ", "))"
        case .missingAdapter(let identifier):
            return "no adapter or renderer configuration for custom event '\(identifier)'"
        case .networkError(let info):
            return "network error \(info.domain) \(info.code): \(info.message)"
        case .rateLimited(let until):
            return "rate limited until \(until)"
        case .adExpired:
            return "ad expired"
        case .cancelled:
            return "cancelled"
        case .imageDownloadFailed(let url, let reason):
            return "image download failed" + (url.map { ": \($0)" } ?? "") + (reason.map { " (\($0))" } ?? "")
        case .httpStatus(let url, let status):
            return "\(url): HTTP status \(status)"
        case .invalidResponseBody(let url, let reason):
            return "\(url): invalid response body: \(reason)"
        case .responseTooLarge(let url, let limitBytes):
            return "\(url): response body larger than the \(limitBytes)-byte cap"
        case .requestTimedOut(let url, let after):
            return "\(url): no complete answer within \(after.wholeMilliseconds)ms"
        case .requestFailed(let url, let reason):
            return "\(url): request failed: \(reason)"
        case .invalidBidMarkup(let path, let reason):
            return "invalid bid markup at \(path): \(reason)"
        case .networkNotStarted(let network, let reason):
            return "network \(network) has not started: \(reason)"
        case .frequencyCapped(let cap, let freesIn):
            return "frequency capped: \(cap); frees in \(freesIn.readableDescription)"
        case .paced(let cap, let freesIn):
            return "paced: \(cap); frees in \(freesIn.readableDescription)"
        }
    }
}
