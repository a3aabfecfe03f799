import Foundation

/// The values of the OpenRTB auction macros in one notice URL (`${AUCTION_ID}`, `${AUCTION_BID_ID}`,
/// `${AUCTION_PRICE}`, `${AUCTION_CURRENCY}`, `${AUCTION_LOSS}`, `${AUCTION_MIN_TO_WIN}`).
///
/// A value that is `nil` expands to the empty string. Every value is URL-encoded (RFC 3986 unreserved characters
/// kept) where it is substituted.
public struct AuctionMacroValues: Sendable, Hashable {
    /// `${AUCTION_ID}`: the auction's ID (`x-auction-id`).
    public var auctionID: String?
    /// `${AUCTION_BID_ID}`: the bid's ID (`x-bid-id`).
    public var bidID: String?
    /// `${AUCTION_PRICE}`: the clearing price; in a first-price auction, the winning bid's own price.
    public var price: Double?
    /// `${AUCTION_CURRENCY}`: the price's ISO 4217 code.
    public var currencyCode: String?
    /// `${AUCTION_LOSS}`: the loss reason's code; `0` for a win.
    public var lossCode: Int?
    /// `${AUCTION_MIN_TO_WIN}`: for a loser, the price that won; for the winner, the next price below it in the
    /// auction order.
    public var minimumToWin: Double?

    /// Creates values.
    public init(
        auctionID: String? = nil, bidID: String? = nil, price: Double? = nil, currencyCode: String? = nil,
        lossCode: Int? = nil, minimumToWin: Double? = nil
    ) {
        self.auctionID = auctionID
        self.bidID = bidID
        self.price = price
        self.currencyCode = currencyCode
        self.lossCode = lossCode
        self.minimumToWin = minimumToWin
    }

    /// The macros by name, with their text (before URL-encoding).
    var substitutions: [(macro: String, value: String)] {
        [
            ("${AUCTION_ID}", auctionID ?? ""),
            ("${AUCTION_BID_ID}", bidID ?? ""),
            ("${AUCTION_PRICE}", price.map(Self.priceText) ?? ""),
            ("${AUCTION_CURRENCY}", currencyCode ?? ""),
            ("${AUCTION_LOSS}", lossCode.map(String.init) ?? ""),
            ("${AUCTION_MIN_TO_WIN}", minimumToWin.map(Self.priceText) ?? ""),
        ]
    }

    /// A price as plain decimal text without exponent or trailing zeros, such as `2.5` or `0.0012`.
    static func priceText(_ price: Double) -> String {
        guard price.isFinite else { return "" }
        var text = String(format: "%.6f", price)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
