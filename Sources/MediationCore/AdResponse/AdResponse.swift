import Foundation

/// A server's answer to an ad request: the waterfall lines in priority order, plus where to go next and how
/// long to back off.
///
/// Parsed from MoPub's multi-ad-response JSON with ``parse(json:url:limits:)`` (format: docs/waterfall.md), fetched
/// by an ``AdResponseSource``, or built in code.
public struct AdResponse: Sendable, Hashable {
    /// The lines, highest priority first.
    public var lines: [WaterfallLine]
    /// The next page of the waterfall (`x-next-url`), loaded when every line has failed.
    package var nextURL: URL?
    /// Where this response was loaded from, when it was; the engine never follows an `x-next-url` equal to it.
    public var url: URL?
    /// The ad unit the response is for (our `x-ad-unit-id`); rate limiting is per ad unit.
    public var adUnitID: String?
    /// The ad unit's format (`adunit-format`), such as `native`.
    package var adUnitFormat: String?
    /// The server's rate limit (`backoff_ms`): `nil` when absent, zero to lift a limit, otherwise how long
    /// later loads for the ad unit are refused.
    package var backoff: Duration?
    /// Why the server asked to back off (`backoff_reason`).
    package var backoffReason: String?
    /// The entries the parser dropped, and why.
    public var droppedEntries: [DroppedAdResponseEntry]
    /// The lowest price a bid may have (`x-bid-floor`, an eCPM); bids below it never load and lose with
    /// ``AuctionLossReason/belowAuctionFloor``.
    package var bidFloor: Double?
    /// The auction's ID (`x-auction-id` at the top level), for bids whose entry names none.
    package var auctionID: String?
    /// How long to wait for each network's bid signal on later requests (`x-bid-signal-timeout-ms`), by custom
    /// event identifier; the host's registered timeouts apply to the others.
    package var bidSignalTimeouts: [String: Duration] = [:]
    /// How long each network may take to start (`x-network-start-timeout-ms`), by network name
    /// (``NetworkAdapterConfiguration/networkName``); ``NetworkStartupSettings/timeout`` applies to the others.
    package var networkStartTimeouts: [String: Duration] = [:]

    /// Creates a response.
    public init(
        lines: [WaterfallLine],
        nextURL: URL? = nil,
        url: URL? = nil,
        adUnitID: String? = nil,
        adUnitFormat: String? = nil,
        backoff: Duration? = nil,
        backoffReason: String? = nil,
        droppedEntries: [DroppedAdResponseEntry] = []
    ) {
        self.lines = lines
        self.nextURL = nextURL
        self.url = url
        self.adUnitID = adUnitID
        self.adUnitFormat = adUnitFormat
        self.backoff = backoff
        self.backoffReason = backoffReason
        self.droppedEntries = droppedEntries
    }

    /// Whether any line is a bid (``WaterfallLine/bid``): then the auction orders and settles the response.
    package var hasBids: Bool { lines.contains { $0.isBid } }
}
