import Foundation
import MediationCore
import MediationOpenRTB
import MediationOpenRTBBidding

/// The client-side OpenRTB bidder of `mediation demo --auction`: one OpenRTB Native bid at 2.5 USD from seat
/// `demo-dsp`, with its win, loss and billing notices, either asked of a real endpoint (`--bidder URL`, or the
/// `/openrtb2/auction` of the `--url` server that `scripts/serve-demo.sh` runs) or read from the bundled answer.
///
/// The source of truth is the package resource `Resources/openrtb-bid-response.json`, a template: the loopback
/// server fills `{{ID}}` and `{{IMPID}}` from the bid request and `{{BASE}}` with its own address; the bundled
/// answer fills them with ``auctionID``, `1` and ``bundledBase``. The same template is embedded as a fallback for
/// a binary without its resource bundle, and a test keeps the two identical.
enum DemoOpenRTBBid {
    /// The resource's file name.
    static let resourceName = "openrtb-bid-response.json"
    /// The bid request's ID, which the answer must echo (`${AUCTION_ID}`).
    static let auctionID = "demo-openrtb-1"
    /// Where the bundled answer's notices and trackers point.
    static let bundledBase = "https://dsp.example"
    /// The bidder's `tmax`: the loopback server answers in a few milliseconds.
    static let timeoutMilliseconds = 1000

    /// What the demo's renderer shows, as the Native request the bidder sends (`imp[0].native.request`): a
    /// required title (asset 1), then optional text, icon, main image and call to action.
    static func nativeRequest() throws(MediationError) -> OpenRTBNativeRequest {
        try OpenRTBNativeRequest(wantedAssets: [
            OpenRTBWantedAsset(.title, isRequired: true), OpenRTBWantedAsset(.text),
            OpenRTBWantedAsset(.iconImage, minimumSize: ImageSize(width: 50, height: 50)),
            OpenRTBWantedAsset(.mainImage, minimumSize: ImageSize(width: 300, height: 157)),
            OpenRTBWantedAsset(.callToAction),
        ])
    }

    /// The bidder for `endpoint`, asking for ``nativeRequest()`` within ``timeoutMilliseconds``.
    static func bidder(endpoint: URL) throws(MediationError) -> OpenRTBBidder {
        OpenRTBBidder(
            endpoint: endpoint,
            configuration: OpenRTBBidRequestConfiguration(
                nativeRequest: try nativeRequest(), timeoutMilliseconds: timeoutMilliseconds,
                appBundle: "com.example.mediation-demo", tagID: "demo-native-auction"))
    }

    /// The `/openrtb2/auction` endpoint beside the ad server at `url` (same scheme, host and port).
    static func endpoint(besideAdServer url: URL) -> URL? {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return nil }
        components.path = "/openrtb2/auction"
        components.query = nil
        components.fragment = nil
        return components.url
    }

    /// The bundled answer as the bidder would have read it.
    static func bundledOutcome() throws -> OpenRTBBidderOutcome {
        let (template, _) = DefaultAdResponse.loadBundled(
            resourceName, orEmbedded: embeddedTemplate, origin: resourceName)
        let text = String(decoding: template, as: UTF8.self)
            .replacingOccurrences(of: "{{ID}}", with: auctionID)
            .replacingOccurrences(of: "{{IMPID}}", with: "1")
            .replacingOccurrences(of: "{{BASE}}", with: bundledBase)
        let response = try OpenRTBBidResponse.parse(data: Data(text.utf8), requestID: auctionID, impressionIDs: ["1"])
        return OpenRTBBidderOutcome(bids: response.bids, dropped: response.dropped, auctionID: auctionID)
    }

    /// A copy of `Resources/openrtb-bid-response.json`.
    static let embeddedTemplate = #"""
        {"id": "{{ID}}", "cur": "USD", "seatbid": [{"seat": "demo-dsp", "bid": [{
          "id": "dsp-bid-1", "impid": "{{IMPID}}", "price": 2.5, "crid": "creative-77", "adomain": ["pears.example"],
          "nurl": "{{BASE}}/track/win?bid=${AUCTION_BID_ID}&price=${AUCTION_PRICE}",
          "lurl": "{{BASE}}/track/loss?bid=${AUCTION_BID_ID}&reason=${AUCTION_LOSS}&win=${AUCTION_MIN_TO_WIN}",
          "burl": "{{BASE}}/track/bill?bid=${AUCTION_BID_ID}&price=${AUCTION_PRICE}",
          "adm": "{\"ver\":\"1.2\",\"assets\":[{\"id\":1,\"title\":{\"text\":\"Pears, delivered\"}}],\"link\":{\"url\":\"https://pears.example/\"},\"imptrackers\":[\"{{BASE}}/track/imp?p=${AUCTION_PRICE}\"]}"
        }]}]}
        """#
}
