import Foundation
import MediationCore
import MediationTesting

/// Building blocks for auction tests: bids and priced lines over scripted custom events.
enum AuctionFixture {
    /// A bid line for `identifier` at `price` with win, loss and billing notices on the test tracker host.
    static func bid(
        _ identifier: String, price: Double?, markup: String? = "markup", expiryMilliseconds: Int64? = nil,
        bidID: String? = nil, currency: String? = nil
    ) throws -> WaterfallLine {
        let id = bidID ?? "bid-\(identifier)"
        var line = WaterfallLine(customEventIdentifier: identifier, adMarkup: markup, price: price)
        line.currencyCode = currency
        var bid = AuctionBid(
            bidID: id, auctionID: "auction-1",
            winURLs: [
                try AuctionNoticeTemplate(
                    "https://track.example/win/\(id)?price=${AUCTION_PRICE}&cur=${AUCTION_CURRENCY}"
                        + "&auction=${AUCTION_ID}&bid=${AUCTION_BID_ID}&min=${AUCTION_MIN_TO_WIN}")
            ],
            lossURLs: [
                try AuctionNoticeTemplate(
                    "https://track.example/loss/\(id)?reason=${AUCTION_LOSS}&price=${AUCTION_PRICE}"
                        + "&min=${AUCTION_MIN_TO_WIN}")
            ],
            billingURLs: [try AuctionNoticeTemplate("https://track.example/bill/\(id)?price=${AUCTION_PRICE}")])
        bid.expiry = expiryMilliseconds.map { .milliseconds($0) }
        line.bid = bid
        return line
    }

    /// A waterfall line for `identifier`, priced or not.
    static func line(_ identifier: String, price: Double? = nil) -> WaterfallLine {
        WaterfallLine(customEventIdentifier: identifier, price: price)
    }

    /// The pings of `kind` whose URL path starts with `/kind/`.
    static func notices(_ pinger: RecordingTrackerPinger, _ event: TrackerPingEvent) -> [URL] {
        pinger.pings.filter { $0.event == event }.map(\.url)
    }

    /// A query item's value in `url`.
    static func query(_ url: URL, _ name: String) -> String? {
        URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == name }?.value
    }
}
