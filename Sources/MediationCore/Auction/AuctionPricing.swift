/// The auction's money rules (docs/auction.md, "Money"): the one currency every price is compared in, the
/// sanity bound on a price, and the host's exchange rates, if any.
///
/// - **One currency.** Bids, waterfall lines' `x-ecpm` and the floor are compared in ``currency`` only. A bid in
///   another currency is converted through ``rates`` when they give a rate, and otherwise dropped before the run:
///   it loses with reason 3 (`invalid_bid_response`), and the trace names its currency and JSON path.
///   A waterfall line whose price cannot be converted runs as a line without a price.
/// - **A bound.** A bid priced above ``maximumCPM`` (in ``currency``, after conversion) is out of range: it loses
///   with reason 3 before the run. A waterfall line priced above it runs without a price.
///
/// ```swift
/// func euroConfiguration(pinger: any TrackerPinging) throws -> MediatorConfiguration {
///     var configuration = MediatorConfiguration(trackerPinger: pinger, imagePrecacher: NoImagePrecaching())
///     configuration.auctionPricing = try AuctionPricing(currency: "EUR", maximumCPM: 500)
///     return configuration
/// }
/// ```
public struct AuctionPricing: Sendable {
    /// The default bound on a price: an eCPM of 1,000 in the auction's currency (1 per impression), far above
    /// any real mobile price in USD or EUR; a host whose currency is worth much less (JPY, IDR) sets its own.
    @usableFromInline package static let defaultMaximumCPM = 1_000.0

    /// USD, a maximum CPM of 1,000, no rates: a bid in any other currency is dropped.
    public static let `default` = AuctionPricing(checkedCurrency: "USD", maximumCPM: defaultMaximumCPM, rates: nil)

    /// The ISO 4217 code every price is compared in; USD by default. The floor (`x-bid-floor`) is in it.
    public let currency: String
    /// The highest eCPM a bid may have, in ``currency``; higher is out of range. 1,000 by default (1 per
    /// impression), far above any real mobile price in USD or EUR; a host whose currency is worth much less (JPY,
    /// IDR) sets its own.
    public let maximumCPM: Double
    /// The host's exchange rates; `nil` (the default) converts nothing.
    public let rates: (any AuctionCurrencyRates)?

    /// Creates the rules, checking them.
    ///
    /// - Throws: ``MediationError/invalidConfiguration(path:reason:)`` naming `auctionPricing.currency` when the
    ///   currency is not the ISO 4217 code of a currency in circulation (three upper-case letters, such as
    ///   `EUR`), or `auctionPricing.maximumCPM` when the bound is not a finite number above 0.
    public init(
        currency: String = "USD", maximumCPM: Double = AuctionPricing.defaultMaximumCPM,
        rates: (any AuctionCurrencyRates)? = nil
    ) throws(MediationError) {
        if let refusal = CurrencyCode.refusal(of: currency) {
            throw .invalidConfiguration(path: "auctionPricing.currency", reason: refusal)
        }
        guard maximumCPM.isFinite, maximumCPM > 0 else {
            throw .invalidConfiguration(
                path: "auctionPricing.maximumCPM", reason: "expected a finite price above 0, got \(maximumCPM)")
        }
        self.init(checkedCurrency: currency, maximumCPM: maximumCPM, rates: rates)
    }

    private init(checkedCurrency: String, maximumCPM: Double, rates: (any AuctionCurrencyRates)?) {
        self.currency = checkedCurrency
        self.maximumCPM = maximumCPM
        self.rates = rates
    }
}
