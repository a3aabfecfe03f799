import Foundation

/// One entry of a waterfall: which custom event to run, with what info, how long to wait, and which URLs to
/// fire around it.
///
/// Parsed from an `ad-responses` entry's `metadata` (see ``AdResponse/parse(json:url:limits:)``) or built in code.
public struct WaterfallLine: Sendable, Hashable {
    /// MoPub's native custom-event timeout: 10 seconds.
    @usableFromInline package static let defaultTimeout: Duration = .seconds(10)
    /// MoPub's minimum refresh interval: 10 seconds.
    package static let minimumRefreshInterval: Duration = .seconds(10)

    /// The custom event identifier (`x-custom-event-class-name`).
    public var customEventIdentifier: String
    /// The custom-event info (`x-custom-event-class-data`).
    public var info: CustomEventInfo
    /// Bidding markup (`adm`).
    public var adMarkup: String?
    /// How long the line may take (`x-ad-timeout-ms`; MoPub's 10 seconds when the response sets none); `nil` means
    /// it never times out (`x-ad-timeout-ms: 0`).
    public var timeout: Duration?
    /// A readable network name (`x-network-name`); the identifier when absent.
    public var networkName: String?
    /// The line's price, eCPM in ``currencyCode`` (`x-ecpm`).
    public var price: Double?
    /// The ISO 4217 code of ``price``'s currency (`x-currency`, three letters A–Z); `nil` means USD.
    public var currencyCode: String?
    /// URLs fired when the line starts (`x-before-load-url`).
    package var beforeLoadURLs: [URL]
    /// URLs fired when the line ends, whatever the result (`x-after-load-url`).
    package var afterLoadURLs: [LoadURLTemplate]
    /// URLs fired when the line ends with `ad_loaded` (`x-after-load-success-url`).
    package var afterLoadSuccessURLs: [LoadURLTemplate]
    /// URLs fired when the line ends any other way (`x-after-load-fail-url`).
    package var afterLoadFailURLs: [LoadURLTemplate]
    /// Impression trackers added to the ad (`imptrackers`, `x-imptracker`).
    package var impressionTrackers: [URL]
    /// Click trackers added to the ad (`clicktrackers`).
    package var clickTrackers: [URL]
    /// How often the host should refresh the slot (`x-refreshtime`, at least 10 s).
    package var refreshInterval: Duration?
    /// The server's ad type (`x-adtype`), informational.
    public var adType: String?
    /// The entry's `content` body, when it had one.
    public var content: String?
    /// The entry's index in its page's `ad-responses` array; `nil` for lines built in code.
    package var entryIndex: Int?
    /// The bid this line carries, when it is one (docs/auction.md): set when the entry has `adm` and a price, or
    /// any bid key (`x-bid-id`, `x-nurl`, `x-lurl`, `x-burl`, `x-bid-expiry-ms`).
    package var bid: AuctionBid? {
        get { bidStorage?.bid }
        set { bidStorage = newValue.map(BidStorage.init) }
    }
    /// Whether the line is a bid: ``bid`` is set.
    package var isBid: Bool { bidStorage != nil }
    /// Where ``bid`` is kept: behind one reference, so that copying a line (the engine copies its lines as they run)
    /// retains one object rather than each of a bid's IDs, notice lists and paths.
    private var bidStorage: BidStorage?
    /// The creative the line will show, when the ad server knows it ahead (`x-creative-id`; an OpenRTB bid's
    /// `crid`): carried to ``NativeAdSource/creativeIdentifier``, and counted by the caps per creative.
    public var creativeIdentifier: String?
    /// The ad server's frequency cap on this line (`x-frequency-cap`): while it refuses, the line is skipped with the
    /// reason `frequency_capped` or `paced` (docs/ready-ads.md, "Capping and pacing").
    public var frequencyCap: FrequencyCap?
    /// What ``frequencyCap`` counts (`x-frequency-cap`'s `key`: a line item or campaign ID; lines that share a key
    /// share a count, across ad units); `nil` counts the line's network in its ad unit.
    package var frequencyCapKey: String?

    /// Creates a line.
    public init(
        customEventIdentifier: String,
        info: CustomEventInfo = [:],
        adMarkup: String? = nil,
        timeout: Duration? = WaterfallLine.defaultTimeout,
        networkName: String? = nil,
        price: Double? = nil,
        beforeLoadURLs: [URL] = [],
        afterLoadURLs: [LoadURLTemplate] = [],
        afterLoadSuccessURLs: [LoadURLTemplate] = [],
        afterLoadFailURLs: [LoadURLTemplate] = [],
        impressionTrackers: [URL] = [],
        clickTrackers: [URL] = [],
        refreshInterval: Duration? = nil,
        adType: String? = nil,
        content: String? = nil,
        entryIndex: Int? = nil
    ) {
        self.customEventIdentifier = customEventIdentifier
        self.info = info
        self.adMarkup = adMarkup
        self.timeout = timeout
        self.networkName = networkName
        self.price = price
        self.beforeLoadURLs = beforeLoadURLs
        self.afterLoadURLs = afterLoadURLs
        self.afterLoadSuccessURLs = afterLoadSuccessURLs
        self.afterLoadFailURLs = afterLoadFailURLs
        self.impressionTrackers = impressionTrackers
        self.clickTrackers = clickTrackers
        self.refreshInterval = refreshInterval
        self.adType = adType
        self.content = content
        self.entryIndex = entryIndex
    }

    /// The readable network name, or the identifier.
    package var displayNetworkName: String { networkName ?? customEventIdentifier }

    /// The after-load URLs to fire for a line that took `loadDuration` and ended with `result`
    /// (`ad_loaded`, `error`, `timeout` or `missing_adapter`): the general ones, then the success ones for
    /// `ad_loaded` or the fail ones otherwise.
    package func afterLoadURLs(loadDuration: Duration, result: String) -> [URL] {
        afterLoadTemplates(result: result).compactMap { $0.url(loadDuration: loadDuration, result: result) }
    }

    /// The after-load URL templates for a line that ended with `result`, unexpanded: the general ones, then the
    /// success ones for `ad_loaded` or the fail ones otherwise. The engine hands these to the driver, which
    /// expands them only for a pinger that sends pings.
    package func afterLoadTemplates(result: String) -> [LoadURLTemplate] {
        let specific = result == MediationError.adLoadedResult ? afterLoadSuccessURLs : afterLoadFailURLs
        return specific.isEmpty ? afterLoadURLs : afterLoadURLs + specific
    }

    /// The source record a custom event of this line receives in its context.
    package func source(adUnitID: String?) -> NativeAdSource {
        var source = sourceBeforeBilling(adUnitID: adUnitID)
        if let expansion = billingURLExpansion { source.billingURLs = expansion() }
        return source
    }

    /// ``source(adUnitID:)`` without its billing URLs, which ``billingURLExpansion`` makes: a native line's context
    /// expands them when its source is read (``NativeAdRequestContext/source``), so that a bid line that ends
    /// without an ad builds none.
    package func sourceBeforeBilling(adUnitID: String?) -> NativeAdSource {
        var source = NativeAdSource(
            customEventIdentifier: customEventIdentifier, networkName: networkName, price: price, adUnitID: adUnitID,
            impressionTrackers: impressionTrackers, clickTrackers: clickTrackers)
        source.currencyCode = currencyCode
        source.creativeIdentifier = creativeIdentifier
        source.isBidPrice = isBid
        return source
    }

    /// For a bid with billing notices (`x-burl`): what makes them, its win macros expanded (`${AUCTION_IMP_TS}`
    /// left for the impression) and the URLs that are not absolute http(s) dropped; `nil` otherwise.
    package var billingURLExpansion: (@Sendable () -> [URL])? {
        guard let templates = bid?.billingURLs, !templates.isEmpty, let bid else { return nil }
        let price = price
        let currency = currencyCode ?? NativeAdSource.defaultCurrencyCode
        return {
            let values = bid.winValues(price: price, currency: currency, isBilling: true)
            return templates.compactMap { $0.url(expanding: values) }
        }
    }
}

extension WaterfallLine {
    /// A line's bid, kept by reference and never changed in place: setting ``WaterfallLine/bid`` stores a new one.
    fileprivate final class BidStorage: Sendable, Hashable {
        let bid: AuctionBid

        init(_ bid: AuctionBid) { self.bid = bid }

        static func == (left: BidStorage, right: BidStorage) -> Bool { left === right || left.bid == right.bid }

        func hash(into hasher: inout Hasher) { hasher.combine(bid) }
    }
}
