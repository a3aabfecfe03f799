import Foundation

/// Where a loaded ad came from: the waterfall line and its trackers.
///
/// The engine fills it from the ad response and hands it to the custom event in its request context; the
/// custom event passes it on unchanged when it makes its ``NativeAd``.
public struct NativeAdSource: Sendable, Hashable, Codable {
    /// The custom event identifier of the line (its `x-custom-event-class-name`).
    public var customEventIdentifier: String
    /// A readable network name, such as `myTarget`.
    public var networkName: String
    /// The line's price (eCPM, in ``currencyCode``) when known (`x-ecpm`).
    public var price: Double?
    /// The ISO 4217 code of ``price``'s currency (`x-currency`); `nil` means USD.
    public var currencyCode: String?
    /// The ad unit the ad was loaded for, when known.
    public var adUnitID: String?
    /// URLs fired once when the ad's impression is recorded.
    public var impressionTrackers: [URL]
    /// URLs fired once, on the ad's first click.
    public var clickTrackers: [URL]
    /// The winning bid's billing notices (`x-burl`, macros expanded but `${AUCTION_IMP_TS}`, which the ad expands
    /// to the impression's time when it fires them), fired once at the ad's first impression; empty for a
    /// waterfall line.
    package var billingURLs: [URL] = []
    /// Whether ``price`` is what this impression is paid (a bid's price) rather than a line's estimated eCPM:
    /// the revenue sent at the first impression is then ``AdRevenuePrecision/precise``.
    package var isBidPrice = false
    /// The creative the line names, when the ad server knows it ahead (`x-creative-id`, or an OpenRTB bid's
    /// `crid`); frequency caps per creative count it (``NativeAd/creativeIdentifier`` prefers the network's own).
    public var creativeIdentifier: String?

    /// Creates a source record.
    public init(
        customEventIdentifier: String,
        networkName: String? = nil,
        price: Double? = nil,
        adUnitID: String? = nil,
        impressionTrackers: [URL] = [],
        clickTrackers: [URL] = []
    ) {
        self.customEventIdentifier = customEventIdentifier
        self.networkName = networkName ?? customEventIdentifier
        self.price = price
        self.adUnitID = adUnitID
        self.impressionTrackers = impressionTrackers
        self.clickTrackers = clickTrackers
    }
}

extension NativeAdSource {
    private enum CodingKeys: String, CodingKey {
        case customEventIdentifier, networkName, price, currencyCode, adUnitID, impressionTrackers, clickTrackers
        case billingURLs, isBidPrice, creativeIdentifier
    }

    /// Decodes a source; `billingURLs`, `isBidPrice` and ``creativeIdentifier`` may be absent (sources written
    /// before bidding and frequency capping).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        customEventIdentifier = try container.decode(String.self, forKey: .customEventIdentifier)
        networkName = try container.decode(String.self, forKey: .networkName)
        price = try container.decodeIfPresent(Double.self, forKey: .price)
        currencyCode = try container.decodeIfPresent(String.self, forKey: .currencyCode)
        adUnitID = try container.decodeIfPresent(String.self, forKey: .adUnitID)
        impressionTrackers = try container.decode([URL].self, forKey: .impressionTrackers)
        clickTrackers = try container.decode([URL].self, forKey: .clickTrackers)
        billingURLs = try container.decodeIfPresent([URL].self, forKey: .billingURLs) ?? []
        isBidPrice = try container.decodeIfPresent(Bool.self, forKey: .isBidPrice) ?? false
        creativeIdentifier = try container.decodeIfPresent(String.self, forKey: .creativeIdentifier)
    }

    /// The currency of a price whose line names none: `USD`.
    package static let defaultCurrencyCode = "USD"

    /// One impression's revenue from the line's price: ``price`` (an eCPM) divided by 1,000, in ``currencyCode``
    /// (USD when `nil`), with precision ``AdRevenuePrecision/precise`` for a bid (`isBidPrice`) and
    /// ``AdRevenuePrecision/estimated`` for a waterfall line; `nil` when the line has no price or the currency
    /// code is not three letters A–Z.
    ///
    /// ``NativeAd`` sends it at the first impression unless the adapter reports revenue itself.
    public var estimatedRevenuePerImpression: AdRevenue? {
        guard let price, price.isFinite, price >= 0,
            let eCPM = Decimal(string: String(price), locale: Locale(identifier: "en_US_POSIX"))
        else { return nil }
        return try? AdRevenue(
            value: eCPM / 1000, currencyCode: currencyCode ?? Self.defaultCurrencyCode,
            precision: isBidPrice ? .precise : .estimated,
            networkName: networkName, adUnitID: adUnitID ?? "")
    }
}
