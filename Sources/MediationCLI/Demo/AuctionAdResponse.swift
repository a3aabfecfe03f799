import Foundation

/// The ad response `mediation demo --auction` runs when no `--config` is given: two myTarget bids and three
/// waterfall lines (TAMedia unpriced, Google at 2.2, InMobi at 4.0 with no adapter), a floor of 1.0.
///
/// The source of truth is the package resource `Resources/auction-ad-response.json`; the same JSON is embedded as
/// a fallback for a binary without its resource bundle, and a test keeps the two identical.
enum AuctionAdResponse {
    /// The resource's file name.
    static let resourceName = "auction-ad-response.json"

    /// The auction response's bytes and where they came from; never crashes.
    static func load() -> (data: Data, origin: String) {
        DefaultAdResponse.loadBundled(resourceName, orEmbedded: embeddedJSON, origin: resourceName)
    }

    /// A copy of `Resources/auction-ad-response.json`.
    static let embeddedJSON = #"""
        {
          "x-ad-unit-id": "demo-native-auction",
          "adunit-format": "native",
          "x-auction-id": "demo-auction-7f3a",
          "x-bid-floor": 1.0,
          "ad-responses": [
            {
              "metadata": {
                "x-adtype": "custom",
                "x-custom-event-class-name": "TAMediaCustomNativeAdEvent",
                "x-custom-event-class-data": {"NativeListId": "9527"},
                "x-network-name": "TAMedia",
                "imptrackers": ["https://tracking.example/imp?entry=0"]
              }
            },
            {
              "metadata": {
                "x-adtype": "custom",
                "x-custom-event-class-name": "MyTargetNativeBannerCustomEvent",
                "x-custom-event-class-data": {"slotId": "1002"},
                "x-network-name": "myTarget",
                "adm": "mytarget-bid-payload-1002",
                "x-ecpm": 1.9,
                "x-bid-id": "mt-bid-1002",
                "x-bid-expiry-ms": 30000,
                "x-nurl": "https://auction.example/win?bid=${AUCTION_BID_ID}&auction=${AUCTION_ID}&price=${AUCTION_PRICE}",
                "x-lurl": "https://auction.example/loss?bid=${AUCTION_BID_ID}&reason=${AUCTION_LOSS}&win=${AUCTION_MIN_TO_WIN}",
                "x-burl": "https://auction.example/bill?bid=${AUCTION_BID_ID}&price=${AUCTION_PRICE}&cur=${AUCTION_CURRENCY}",
                "imptrackers": ["https://tracking.example/imp?entry=1"]
              }
            },
            {
              "metadata": {
                "x-adtype": "custom",
                "x-custom-event-class-name": "GoogleCustomNativeCustomEvent",
                "x-custom-event-class-data": {"adUnitID": "/6499/example/native", "formatIDs": ["10063170"], "assetMapping": {"Headline": "title", "Caption": "text", "MainImage": "mainimage", "CallToAction": "ctatext"}},
                "x-network-name": "Google",
                "x-ecpm": 2.2,
                "imptrackers": ["https://tracking.example/imp?entry=2"]
              }
            },
            {
              "metadata": {
                "x-adtype": "custom",
                "x-custom-event-class-name": "MyTargetNativeBannerCustomEvent",
                "x-custom-event-class-data": {"slotId": "1001"},
                "x-network-name": "myTarget",
                "adm": "mytarget-bid-payload-1001",
                "x-ecpm": 2.8,
                "x-bid-id": "mt-bid-1001",
                "x-bid-expiry-ms": 30000,
                "x-nurl": "https://auction.example/win?bid=${AUCTION_BID_ID}&auction=${AUCTION_ID}&price=${AUCTION_PRICE}",
                "x-lurl": "https://auction.example/loss?bid=${AUCTION_BID_ID}&reason=${AUCTION_LOSS}&win=${AUCTION_MIN_TO_WIN}",
                "x-burl": "https://auction.example/bill?bid=${AUCTION_BID_ID}&price=${AUCTION_PRICE}&cur=${AUCTION_CURRENCY}",
                "imptrackers": ["https://tracking.example/imp?entry=3"]
              }
            },
            {
              "metadata": {
                "x-adtype": "custom",
                "x-custom-event-class-name": "InMobiNativeCustomEvent",
                "x-custom-event-class-data": {"placementId": "1500000000001"},
                "x-network-name": "InMobi",
                "x-ecpm": 4.0
              }
            }
          ]
        }
        """#
}
