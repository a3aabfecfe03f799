import Foundation
import MediationCore
import MediationOpenRTB

extension OpenRTBBid {
    /// The bid as an entry of the unified auction (docs/auction.md): a line of
    /// ``MediationOpenRTB/OpenRTBNativeCustomEvent`` whose markup is the bid's `adm`, priced at the bid's price in
    /// its currency, with its `nurl`, `lurl` and `burl` as the bid's win, loss and billing notices (a notice that
    /// is not an http(s) URL once its macros are expanded is left out), its `exp` as the bid's expiry, the auction,
    /// bid, impression and seat IDs in the custom event's info for the markup's own tracker macros, and the
    /// impression, seat and ad IDs on the bid for its notices' macros, and its `crid` as the line's creative
    /// (frequency caps per creative count it).
    ///
    /// - Parameters:
    ///   - nativeRequest: the Native request the bid answers, handed to the custom event through its info.
    ///   - timeout: how long the line may take to map the markup and precache its images (10 seconds by default).
    public func auctionLine(
        nativeRequest: OpenRTBNativeRequest? = nil, timeout: Duration = WaterfallLine.defaultTimeout
    ) -> WaterfallLine {
        var info: [String: JSONValue] = [
            OpenRTBNativeCustomEvent.auctionIDInfoKey: .string(auctionID),
            OpenRTBNativeCustomEvent.bidIDInfoKey: .string(id),
            OpenRTBNativeCustomEvent.impressionIDInfoKey: .string(impressionID),
        ]
        if let seat { info[OpenRTBNativeCustomEvent.seatInfoKey] = .string(seat) }
        if let nativeRequest { info[OpenRTBNativeCustomEvent.nativeRequestInfoKey] = .string(nativeRequest.jsonString) }
        var line = WaterfallLine(
            customEventIdentifier: OpenRTBNativeCustomEvent.identifier, info: CustomEventInfo(info),
            adMarkup: adMarkup, timeout: timeout, networkName: seat.map { "OpenRTB \($0)" } ?? "OpenRTB",
            price: price)
        line.currencyCode = currency
        line.creativeIdentifier = creativeID
        var bid = AuctionBid(
            bidID: id, auctionID: auctionID, winURLs: Self.templates(winNoticeURL),
            lossURLs: Self.templates(lossNoticeURL), billingURLs: Self.templates(billingNoticeURL),
            expiry: expirySeconds.map { .seconds($0) })
        bid.impressionID = impressionID
        bid.seatID = seat
        bid.adID = adID
        bid.pricePath = jsonPath.map { "\($0).price" }
        bid.currencyPath = jsonPath == nil ? nil : "$.cur"
        line.bid = bid
        return line
    }

    private static func templates(_ text: String?) -> [AuctionNoticeTemplate] {
        guard let text, let template = try? AuctionNoticeTemplate(text) else { return [] }
        return [template]
    }
}
