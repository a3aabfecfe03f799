import Foundation

extension MediationError: LocalizedError {
    /// The one-line ``description``, so that `localizedDescription` names what went wrong and where.
    public var errorDescription: String? { description }

    /// What the host can do about it, when there is something to do.
    public var recoverySuggestion: String? {
        switch code {
        case "no_fill": "Try again later; the networks had no ad for this request."
        case "timeout": "Try again; raise the line's timeout if the network is usually slow."
        case "invalid_configuration", "missing_required_info":
            "Fix the ad response or custom event info at the path named in the description."
        case "missing_adapter": "Register the custom event and a renderer configuration listing it."
        case "rate_limited": "Wait until the back-off window ends before loading this ad unit again."
        case "ad_expired": "Load a new ad; this one is past its lifetime."
        case "network_not_started":
            "Call Mediator.startNetworks() early; fix the network's start parameters, or raise its start timeout."
        case "frequency_capped", "paced":
            "Show nothing in this slot now; load again once the cap frees (the description says when)."
        default: nil
        }
    }
}

extension MediationError: CustomNSError {
    /// The stable error domain of every ``MediationError`` bridged to `NSError`.
    public static var errorDomain: String { "MediationKit.MediationError" }

    /// A stable number per ``code``; it never changes once given. An unknown code gets 0.
    public var errorCode: Int { Self.numericCodes[code] ?? 0 }

    /// The description, failure reason and recovery suggestion under the Foundation keys, and the stable
    /// short ``code`` under ``codeUserInfoKey``.
    public var errorUserInfo: [String: Any] {
        var userInfo: [String: Any] = [
            NSLocalizedDescriptionKey: description,
            Self.codeUserInfoKey: code,
        ]
        if let recoverySuggestion { userInfo[NSLocalizedRecoverySuggestionErrorKey] = recoverySuggestion }
        return userInfo
    }

    /// The `userInfo` key whose value is the error's stable short ``code`` (`no_fill`, `timeout`, …).
    public static let codeUserInfoKey = "MediationErrorCode"

    /// The stable numbers of the stable short codes. Append new codes at the end; never renumber.
    static let numericCodes: [String: Int] = [
        "no_fill": 1,
        "timeout": 2,
        "invalid_configuration": 3,
        "missing_required_info": 4,
        "missing_required_assets": 5,
        "missing_adapter": 6,
        "network_error": 7,
        "rate_limited": 8,
        "ad_expired": 9,
        "cancelled": 10,
        "image_download_failed": 11,
        "http_status": 12,
        "invalid_response_body": 13,
        "response_too_large": 14,
        "request_timed_out": 15,
        "request_failed": 16,
        "invalid_bid_markup": 17,
        "network_not_started": 18,
        "frequency_capped": 19,
        "paced": 20,
    ]
}
