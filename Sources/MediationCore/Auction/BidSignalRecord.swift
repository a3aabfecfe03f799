import MediationSupport

/// One network's part of a bid signal collection, for the trace: never the signal itself.
package struct BidSignalRecord: Sendable, Hashable, Codable {
    /// The custom event the signal is for.
    package var customEvent: String
    /// The readable network name.
    package var network: String
    /// How the collection ended for this network.
    package var result: BidSignalResult
    /// How long the network took to answer (or until it was given up); `nil` when it was not asked.
    package var took: Duration?
    /// Why it was left out: the error, the timeout or the privacy rule.
    package var detail: String?

    /// Creates a record.
    package init(
        customEvent: String, network: String, result: BidSignalResult, took: Duration?, detail: String? = nil
    ) {
        self.customEvent = customEvent
        self.network = network
        self.result = result
        self.took = took
        self.detail = detail
    }

    private enum CodingKeys: String, CodingKey {
        case customEvent, network, result, tookMs, detail
    }

    /// Decodes a record (`tookMs` in whole milliseconds).
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        customEvent = try container.decode(String.self, forKey: .customEvent)
        network = try container.decode(String.self, forKey: .network)
        result = try container.decode(BidSignalResult.self, forKey: .result)
        took = try container.decodeIfPresent(Int64.self, forKey: .tookMs).map { .milliseconds($0) }
        detail = try container.decodeIfPresent(String.self, forKey: .detail)
    }

    /// Encodes the record, `took` as whole milliseconds (`tookMs`).
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(customEvent, forKey: .customEvent)
        try container.encode(network, forKey: .network)
        try container.encode(result, forKey: .result)
        try container.encode(took?.wholeMilliseconds, forKey: .tookMs)
        try container.encode(detail, forKey: .detail)
    }
}
