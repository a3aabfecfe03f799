/// Where request data goes: a column of the ``PrivacyMatrix``.
package enum PrivacyDestination: String, Sendable, Hashable, CaseIterable {
    /// The ad-server request URL (`HTTPAdResponseSource.requestURL(adUnitID:privacy:targeting:)`).
    case adServer
    /// myTarget's SDK: `MTRGPrivacy` (``PrivacySignal`` names `MTRGPrivacy.…`) and `MTRGCustomParams`.
    case myTarget
    /// Google custom native: `GADRequest` extras and `GADRequestConfiguration`.
    case googleCustomNative
    /// TAMedia's `TADRequest`.
    case taMedia
    /// Client-side OpenRTB bidders: the bid request's `regs`, `user` and `device` (`OpenRTBBidRequest`); the
    /// device and attribution data it may carry are the rows of ``PrivacyDeviceField``.
    case openRTBBidders
    /// Bid signals (`BidSignalProvider`): not collected for a network the privacy settings bar.
    case bidSignals
    /// Impression and click trackers: pinged as the ad server wrote them; the kit adds nothing.
    case trackers
    /// In-stream VAST (`VASTInstreamCustomEvent`): the `vastTagURL` template's VAST macros and `{…}` placeholders,
    /// and the VAST macros of every wrapper, tracking, error and companion URL. `-2` marks a value withheld by
    /// policy, `-1` one not known (VAST 4.1, section 6.1).
    case vast

    /// The column's name in docs/privacy.md.
    package var documentation: String {
        switch self {
        case .adServer: "Ad server (request URL)"
        case .myTarget: "myTarget (`MTRGPrivacy`, `MTRGCustomParams`)"
        case .googleCustomNative: "Google custom native (`GADRequest`, `GADRequestConfiguration`)"
        case .taMedia: "TAMedia (`TADRequest`)"
        case .openRTBBidders: "OpenRTB bidders (`OpenRTBBidRequest`)"
        case .bidSignals: "Bid signals"
        case .trackers: "Trackers"
        case .vast: "In-stream VAST (tag URL macros and placeholders, wrapper and tracking URL macros)"
        }
    }
}
