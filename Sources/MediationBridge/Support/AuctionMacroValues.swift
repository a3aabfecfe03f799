import Foundation

/// The values of the OpenRTB 2.6 substitution macros (§4.4) for one bid: what ``AuctionMacroExpander`` puts in
/// place of `${AUCTION_PRICE}`, `${AUCTION_ID}` and the others in win, loss and billing notices and in the
/// trackers of a bid's markup.
///
/// A value left `nil` is not known; its macro is replaced by the empty string (so that no literal `${…}` reaches
/// a server), as the specification asks for unknown values. Prices are written as plain decimals with at most six
/// decimals and no exponent (`2.8`, `40000`, `0.000125`); a price that is not finite, or of a magnitude of 10¹⁵ or
/// more (no price is), is not known.
public struct AuctionMacroValues: Sendable, Hashable {
    /// The largest magnitude written for a price: below 10¹⁵, whole numbers are exact and print without an
    /// exponent. The auction bounds prices far lower (`AuctionPricing.maximumCPM`).
    static let largestPrice = 1e15
    /// `${AUCTION_ID}`: the bid request's `id`.
    package var auctionID: String?
    /// `${AUCTION_BID_ID}`: the bid response's `bidid`, or the bid's `id`.
    package var bidID: String?
    /// `${AUCTION_IMP_ID}`: the impression's `id`.
    package var impressionID: String?
    /// `${AUCTION_SEAT_ID}`: the seat's `seat`.
    package var seatID: String?
    /// `${AUCTION_AD_ID}`: the bid's `adid`.
    package var adID: String?
    /// `${AUCTION_PRICE}`: the clearing price, in ``currency``'s unit (the same unit as the bid).
    package var price: Double?
    /// `${AUCTION_CURRENCY}`: the ISO 4217 code of the bid's currency.
    public var currency: String?
    /// `${AUCTION_MBR}`: the market bid ratio (clearing price over bid price).
    package var marketBidRatio: Double?
    /// `${AUCTION_LOSS}`: the loss reason code (OpenRTB list "Loss Reason Codes"), in loss notices.
    package var lossReason: Int?
    /// `${AUCTION_MIN_TO_WIN}`: the lowest bid that would have won, in loss notices.
    package var minimumToWin: Double?
    /// `${AUCTION_MULTIPLIER}`: the impression multiplier (DOOH); 1 elsewhere when known.
    package var multiplier: Double?
    /// `${AUCTION_IMP_TS}`: when the impression was rendered, in milliseconds since the Unix epoch.
    package var impressionTimestampMilliseconds: Int64?
    /// Macros (names such as `AUCTION_IMP_TS`) left exactly as written, for a value known only later: a billing
    /// notice is built when the run ends and fired at the impression, which expands `${AUCTION_IMP_TS}` then
    /// (``AuctionMacroExpander/expandImpressionTimestamp(in:at:)``).
    package var deferredMacros: Set<String> = []

    /// The names of the OpenRTB 2.6 auction macros (§4.4) that ``text(forMacro:)`` knows, in the specification's
    /// order.
    package static let macroNames = [
        "AUCTION_ID", "AUCTION_BID_ID", "AUCTION_IMP_ID", "AUCTION_SEAT_ID", "AUCTION_AD_ID", "AUCTION_PRICE",
        "AUCTION_CURRENCY", "AUCTION_MBR", "AUCTION_LOSS", "AUCTION_MIN_TO_WIN", "AUCTION_MULTIPLIER", "AUCTION_IMP_TS",
    ]

    /// Creates the values; every one is optional.
    public init(
        auctionID: String? = nil, bidID: String? = nil, impressionID: String? = nil, seatID: String? = nil,
        adID: String? = nil, price: Double? = nil, currency: String? = nil, marketBidRatio: Double? = nil,
        lossReason: Int? = nil, minimumToWin: Double? = nil, multiplier: Double? = nil,
        impressionTimestampMilliseconds: Int64? = nil
    ) {
        self.auctionID = auctionID
        self.bidID = bidID
        self.impressionID = impressionID
        self.seatID = seatID
        self.adID = adID
        self.price = price
        self.currency = currency
        self.marketBidRatio = marketBidRatio
        self.lossReason = lossReason
        self.minimumToWin = minimumToWin
        self.multiplier = multiplier
        self.impressionTimestampMilliseconds = impressionTimestampMilliseconds
    }

    /// The text of the macro named `name` (such as `AUCTION_PRICE`): `nil` when `name` is not an OpenRTB
    /// auction macro, the empty string when it is one whose value is not known.
    public func text(forMacro name: String) -> String? {
        text(ofMacro: name[...])
    }

    /// ``text(forMacro:)`` for a macro name read from a template in place (``AuctionMacroExpander``), so that no
    /// name is copied out of the template to be looked up.
    package func text(ofMacro name: Substring) -> String? {
        if !deferredMacros.isEmpty, deferredMacros.contains(String(name)) { return nil }
        return switch name {
        case "AUCTION_ID": auctionID ?? ""
        case "AUCTION_BID_ID": bidID ?? ""
        case "AUCTION_IMP_ID": impressionID ?? ""
        case "AUCTION_SEAT_ID": seatID ?? ""
        case "AUCTION_AD_ID": adID ?? ""
        case "AUCTION_PRICE": Self.decimalText(price)
        case "AUCTION_CURRENCY": currency ?? ""
        case "AUCTION_MBR": Self.decimalText(marketBidRatio)
        case "AUCTION_LOSS": lossReason.map(String.init) ?? ""
        case "AUCTION_MIN_TO_WIN": Self.decimalText(minimumToWin)
        case "AUCTION_MULTIPLIER": Self.decimalText(multiplier)
        case "AUCTION_IMP_TS": impressionTimestampMilliseconds.map(String.init) ?? ""
        default: nil
        }
    }

    /// A finite number as plain decimal text (`1.25`, `3`, `40000`) with at most six decimals, never with an
    /// exponent; empty for `nil`, a number that is not finite, or one of a magnitude of ``largestPrice`` or more.
    package static func decimalText(_ number: Double?) -> String {
        guard let number, number.isFinite, abs(number) < largestPrice else { return "" }
        if number == number.rounded() { return String(Int64(number)) }
        var text = String(format: "%.6f", number)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }
}
