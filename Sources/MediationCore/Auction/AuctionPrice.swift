import Foundation

/// The auction's one money type: an eCPM and the ISO 4217 currency it is in.
///
/// Two prices compare only in the same currency (``order(relativeTo:)`` is `nil` across currencies), and a price
/// reaches another currency only through the host's rates (``converted(to:rates:)``): the auction's order, its
/// floor, the prices in loss notices and the revenue never mix currencies.
package struct AuctionPrice: Sendable, Hashable, CustomStringConvertible {
    /// The eCPM, finite and not negative.
    package let cpm: Double
    /// The ISO 4217 code of a currency in circulation (``CurrencyCode``).
    package let currency: String

    /// The price `cpm` in `currency`, or `nil` when `cpm` is not a finite number of 0 or more, or `currency` is
    /// not a ``CurrencyCode``.
    package init?(cpm: Double, currency: String) {
        guard cpm.isFinite, cpm >= 0, CurrencyCode.refusal(of: currency) == nil else { return nil }
        self.cpm = cpm
        self.currency = currency
    }

    /// How this price compares with `other` (`.orderedDescending` when it is higher), or `nil` when they are in
    /// different currencies: such prices do not compare.
    package func order(relativeTo other: AuctionPrice) -> ComparisonResult? {
        guard currency == other.currency else { return nil }
        if cpm == other.cpm { return .orderedSame }
        return cpm > other.cpm ? .orderedDescending : .orderedAscending
    }

    /// The price in `target`: itself in the same currency; converted at the rate `rates` give from its currency to
    /// `target` otherwise; `nil` without a rate, with a rate that is not finite and above 0, or when the result is
    /// not a finite price.
    package func converted(to target: String, rates: (any AuctionCurrencyRates)?) -> AuctionPrice? {
        if target == currency { return self }
        guard let rate = rates?.rate(from: currency, to: target), rate.isFinite, rate > 0 else { return nil }
        return AuctionPrice(cpm: cpm * rate, currency: target)
    }

    /// `2.8 USD`: the eCPM as a plain decimal (as `${AUCTION_PRICE}` writes it; as Swift writes it when that is
    /// too large) and the code.
    package var description: String {
        let decimal = AuctionMacroValues.decimalText(cpm)
        return "\(decimal.isEmpty ? "\(cpm)" : decimal) \(currency)"
    }
}
