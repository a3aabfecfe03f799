import Foundation

/// What one OpenRTB 2.6 bidder asks for: the impression's Native request, the time the bidder has, the app, and
/// the device and attribution data every bid request carries as the privacy settings allow.
public struct OpenRTBBidRequestConfiguration: Sendable, Hashable {
    /// The Native request sent as `imp[0].native.request`.
    public var nativeRequest: OpenRTBNativeRequest
    /// The time the bidder has to answer, in milliseconds (`tmax`); the HTTP request times out then too.
    public var timeoutMilliseconds: Int
    /// The app's bundle ID or store ID (`app.bundle`).
    public var appBundle: String
    /// The app's name (`app.name`), when given.
    public var appName: String?
    /// The app's store URL (`app.storeurl`), when given.
    public var appStoreURL: String?
    /// The impression's ad unit or placement (`imp[0].tagid`), when given.
    public var tagID: String?
    /// Prebid Server's stored request ID (`imp[0].ext.prebid.storedrequest.id`), when the server keeps the
    /// bidders' settings.
    public var storedRequestID: String?
    /// Prebid Server's account (`app.publisher.id`), when given.
    public var publisherID: String?
    /// The floor price (`imp[0].bidfloor`) in ``currency``, when given.
    public var floorPrice: Double?
    /// The currency bids are asked in (`cur`, `imp[0].bidfloorcur`): `USD` by default.
    public var currency: String
    /// Whether the request is a test (`test: 1`); no bid of a test request is billed.
    public var isTest: Bool
    /// The IDFA, the IDFV and the user agent (`device.ifa`, `device.ext.ifv`, `device.ua`), each sent only as the
    /// request's privacy settings allow (docs/openrtb.md, "Device and attribution"); ``OpenRTBDeviceInfo/none``
    /// by default.
    public var device: OpenRTBDeviceInfo
    /// The SKAdNetwork data sent as `imp[0].ext.skadn` under every privacy state, or `nil` (the default) for none.
    public var skAdNetwork: OpenRTBSKAdNetwork?

    /// Creates a configuration.
    public init(
        nativeRequest: OpenRTBNativeRequest, timeoutMilliseconds: Int = 1000, appBundle: String,
        appName: String? = nil, appStoreURL: String? = nil, tagID: String? = nil, storedRequestID: String? = nil,
        publisherID: String? = nil, floorPrice: Double? = nil, currency: String = "USD", isTest: Bool = false,
        device: OpenRTBDeviceInfo = .none, skAdNetwork: OpenRTBSKAdNetwork? = nil
    ) {
        self.nativeRequest = nativeRequest
        self.timeoutMilliseconds = timeoutMilliseconds
        self.appBundle = appBundle
        self.appName = appName
        self.appStoreURL = appStoreURL
        self.tagID = tagID
        self.storedRequestID = storedRequestID
        self.publisherID = publisherID
        self.floorPrice = floorPrice
        self.currency = currency
        self.isTest = isTest
        self.device = device
        self.skAdNetwork = skAdNetwork
    }
}
