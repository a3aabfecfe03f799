/// Exchange rates a host gives the auction, so that a bid or a priced line in another currency competes after
/// conversion instead of being dropped (``AuctionPricing/rates``, docs/auction.md, "Money").
///
/// The auction asks synchronously, once per price it compares, while it orders a response and settles its bids:
/// answer from a snapshot the host refreshes on its own schedule (a rates feed, the ad server's daily table),
/// never from the network.
///
/// ```swift
/// struct DailyRates: AuctionCurrencyRates {
///     let usdPerUnit: [String: Double]  // ["EUR": 1.08, "IDR": 0.0000625]
///
///     func rate(from source: String, to target: String) -> Double? {
///         guard let from = source == "USD" ? 1 : usdPerUnit[source],
///             let to = target == "USD" ? 1 : usdPerUnit[target]
///         else { return nil }
///         return from / to
///     }
/// }
/// ```
public protocol AuctionCurrencyRates: Sendable {
    /// How many units of `target` one unit of `source` is worth (both ISO 4217 codes, such as `IDR` and `USD`),
    /// or `nil` when the host has no rate. A rate that is not finite and positive counts as none.
    func rate(from source: String, to target: String) -> Double?
}
