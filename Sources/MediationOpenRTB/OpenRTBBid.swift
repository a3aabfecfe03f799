/// One valid bid of an OpenRTB 2.6 bid response, as the unified auction takes it: the price, the markup, the
/// notices (macros not yet expanded) and the creative's identity.
public struct OpenRTBBid: Sendable, Hashable, Codable {
    /// The bid's `id`.
    public var id: String
    /// The impression it is for (`impid`).
    public var impressionID: String
    /// The bid price, CPM, in ``currency``; finite and not negative.
    public var price: Double
    /// The response's currency (`cur`), `USD` when absent.
    public var currency: String
    /// The markup (`adm`): for a native impression, OpenRTB Native markup.
    public var adMarkup: String
    /// The win notice URL (`nurl`), macros unexpanded.
    public var winNoticeURL: String?
    /// The loss notice URL (`lurl`), macros unexpanded.
    public var lossNoticeURL: String?
    /// The billing notice URL (`burl`), macros unexpanded.
    public var billingNoticeURL: String?
    /// How many seconds the bid stays valid (`exp`), when given.
    public var expirySeconds: Int?
    /// The creative ID (`crid`).
    public var creativeID: String?
    /// The ad ID (`adid`, `${AUCTION_AD_ID}`).
    public var adID: String?
    /// The advertiser domains (`adomain`).
    public var advertiserDomains: [String]
    /// The seat that bid (`seatbid[].seat`, `${AUCTION_SEAT_ID}`).
    public var seat: String?
    /// The response's `bidid` (`${AUCTION_BID_ID}`), when given.
    public var responseBidID: String?
    /// The bid request's ID (`${AUCTION_ID}`).
    public var auctionID: String
    /// Where the bid is in its bid response (`$.seatbid[0].bid[1]`), when it was read from one: the auction names
    /// it when it drops the bid. Not part of the bid's JSON.
    package var jsonPath: String?

    /// The bid's JSON keys: every public property.
    private enum CodingKeys: String, CodingKey {
        case id, impressionID, price, currency, adMarkup, winNoticeURL, lossNoticeURL, billingNoticeURL
        case expirySeconds, creativeID, adID, advertiserDomains, seat, responseBidID, auctionID
    }

    /// Creates a bid.
    public init(
        id: String, impressionID: String, price: Double, currency: String = "USD", adMarkup: String,
        winNoticeURL: String? = nil, lossNoticeURL: String? = nil, billingNoticeURL: String? = nil,
        expirySeconds: Int? = nil, creativeID: String? = nil, adID: String? = nil, advertiserDomains: [String] = [],
        seat: String? = nil, responseBidID: String? = nil, auctionID: String
    ) {
        self.id = id
        self.impressionID = impressionID
        self.price = price
        self.currency = currency
        self.adMarkup = adMarkup
        self.winNoticeURL = winNoticeURL
        self.lossNoticeURL = lossNoticeURL
        self.billingNoticeURL = billingNoticeURL
        self.expirySeconds = expirySeconds
        self.creativeID = creativeID
        self.adID = adID
        self.advertiserDomains = advertiserDomains
        self.seat = seat
        self.responseBidID = responseBidID
        self.auctionID = auctionID
    }
}
