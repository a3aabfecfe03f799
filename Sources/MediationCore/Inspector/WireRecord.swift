import Foundation
import MediationSupport

/// One HTTP request a load made before its run, as it went on the wire: the ad request or a bidder's bid request,
/// with its URL (secrets and consent strings redacted), method, HTTP status, response bytes, time to answer and
/// outcome, and for a bid request the device and attribution data it carried.
///
/// The HTTP stage that sends the request makes the record once (`HTTPAdResponseSource` for the ad request,
/// `OpenRTBBidder` for a bid request); the load puts it in its trace (``MediationTrace/requests``), and the
/// inspector shows one row per record.
package struct WireRecord: Sendable, Hashable, Codable {
    /// Which request this was.
    package enum Kind: String, Sendable, Hashable, Codable {
        /// The ad request to the ad server (a GET, or the bidding POST that carries the bid signals).
        case adRequest = "ad_request"
        /// A client-side OpenRTB bidder's bid request.
        case bidRequest = "bid_request"
        /// A VAST tag or wrapper an in-stream line fetched, as sent (macros expanded): status and timing are the
        /// custom event's own and not recorded.
        case vastRequest = "vast_request"
    }

    /// One field of what a bid request sent, as the inspector shows it: `device.ifa`, `device.ua`, ….
    package struct Field: Sendable, Hashable, Codable {
        /// The request's JSON path, such as `device.ifa` or `imp.ext.skadn`.
        package var name: String
        /// The value as sent, or why nothing was (`withheld by privacy`, `not given`).
        package var value: String

        /// Creates a field.
        package init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// Ad request or bid request.
    package var kind: Kind
    /// The URL requested, with the values of secret and consent query items replaced by `REDACTED` (``redacted(_:)``).
    package var url: String
    /// `GET` or `POST`.
    package var method: String
    /// The HTTP status of the answer; `nil` when none arrived (a timeout, a transport failure, a cancel, a refusal).
    package var status: Int?
    /// The bytes of the answer's body; `nil` when none arrived.
    package var responseBytes: Int?
    /// From the moment the request was handed to the HTTP layer to its answer or failure.
    package var duration: Duration?
    /// How it ended: `answered`, `no bid (HTTP 204)`, `timed out …`, `cancelled`, ….
    package var outcome: String
    /// For a bid request, the device and attribution data it carried (redacted as the privacy state demanded: an
    /// identifier the privacy state withheld reads `withheld by privacy`, never its value); empty otherwise.
    package var sent: [Field]

    /// Creates a record; `url` is redacted here (``redacted(_:)``).
    package init(
        kind: Kind, url: URL, method: String, status: Int? = nil, responseBytes: Int? = nil,
        duration: Duration? = nil, outcome: String, sent: [Field] = []
    ) {
        self.kind = kind
        self.url = Self.redacted(url)
        self.method = method
        self.status = status
        self.responseBytes = responseBytes
        self.duration = duration
        self.outcome = outcome
        self.sent = sent
    }

    /// The names of the query items whose values a record never shows: consent strings and anything named like a
    /// secret or a device identifier.
    package static let redactedQueryItems: Set<String> = [
        "gdpr_consent", "us_privacy", "gpp", "consent", "token", "access_token", "api_key", "apikey", "key", "secret",
        "password", "auth", "signature", "sig", "ifa", "idfa", "idfv",
    ]

    /// `url` with its user and password removed and the values of consent, secret and device-identifier query items
    /// (`gdpr_consent`, `us_privacy`, `gpp`, `token`, `api_key`, `idfa`, …; names compared ignoring case) replaced by
    /// `REDACTED`.
    package static func redacted(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            return url.absoluteString
        }
        components.user = nil
        components.password = nil
        if let items = components.percentEncodedQueryItems {
            components.percentEncodedQueryItems = items.map { item in
                guard item.value != nil, redactedQueryItems.contains(item.name.lowercased()) else { return item }
                return URLQueryItem(name: item.name, value: "REDACTED")
            }
        }
        return components.string ?? url.absoluteString
    }

    private enum CodingKeys: String, CodingKey {
        case kind, url, method, status, responseBytes, durationMs, outcome, sent
    }

    /// Decodes a record; the duration is in whole milliseconds (`durationMs`), as a trace's times are.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decode(Kind.self, forKey: .kind)
        url = try container.decode(String.self, forKey: .url)
        method = try container.decode(String.self, forKey: .method)
        status = try container.decodeIfPresent(Int.self, forKey: .status)
        responseBytes = try container.decodeIfPresent(Int.self, forKey: .responseBytes)
        duration = try container.decodeIfPresent(Int64.self, forKey: .durationMs).map { .milliseconds($0) }
        outcome = try container.decode(String.self, forKey: .outcome)
        sent = try container.decodeIfPresent([Field].self, forKey: .sent) ?? []
    }

    /// Encodes a record; the duration in whole milliseconds (`durationMs`).
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(url, forKey: .url)
        try container.encode(method, forKey: .method)
        try container.encodeIfPresent(status, forKey: .status)
        try container.encodeIfPresent(responseBytes, forKey: .responseBytes)
        try container.encodeIfPresent(duration.map(\.wholeMilliseconds), forKey: .durationMs)
        try container.encode(outcome, forKey: .outcome)
        if !sent.isEmpty { try container.encode(sent, forKey: .sent) }
    }
}
