import Foundation

/// The ad response `mediation demo instream --auction` runs when no `--config` is given: a house line with no ad,
/// myTarget's in-stream video at 2.0 on the sandbox, and three video bids whose `adm` is VAST (3.5, 1.5, and 0.6
/// below the floor of 1.0).
///
/// The source of truth is the package resource `Resources/instream-auction-ad-response.json`; the same JSON is
/// embedded as a fallback for a binary without its resource bundle, and a test keeps the two identical.
enum InstreamAuctionAdResponse {
    /// The resource's file name.
    static let resourceName = "instream-auction-ad-response.json"

    /// The response's bytes and where they came from; never crashes.
    static func load() -> (data: Data, origin: String) {
        DefaultAdResponse.loadBundled(resourceName, orEmbedded: embeddedJSON, origin: resourceName)
    }

    /// A copy of `Resources/instream-auction-ad-response.json`.
    static let embeddedJSON = #"""
        {
          "x-ad-unit-id": "demo-instream-auction",
          "adunit-format": "instream",
          "x-auction-id": "demo-video-auction-4c1e",
          "x-bid-floor": 1.0,
          "ad-responses": [
            {
              "metadata": {
                "x-adtype": "custom",
                "x-custom-event-class-name": "HouseInstream",
                "x-network-name": "House",
                "x-ad-timeout-ms": 3000
              }
            },
            {
              "metadata": {
                "x-adtype": "custom",
                "x-custom-event-class-name": "MyTargetInstreamVideoCustomEvent",
                "x-custom-event-class-data": {
                  "slotId": "1357"
                },
                "x-network-name": "myTarget",
                "x-ecpm": 2.0,
                "x-ad-timeout-ms": 3000
              }
            },
            {
              "metadata": {
                "x-adtype": "custom",
                "x-custom-event-class-name": "VASTInstreamCustomEvent",
                "x-network-name": "DemoVideoDSP",
                "adm": "<VAST version=\"4.2\"><Ad id=\"video-bid-7a\"><InLine><AdSystem>DemoBidder</AdSystem><AdTitle>video-bid-7a</AdTitle><Impression>https://track.example/video-bid-7a/impression</Impression><Creatives><Creative><Linear><Duration>00:00:12</Duration><MediaFiles><MediaFile delivery=\"progressive\" type=\"video/mp4\" width=\"1280\" height=\"720\">https://media.example/video-bid-7a.mp4</MediaFile></MediaFiles><TrackingEvents><Tracking event=\"start\">https://track.example/video-bid-7a/start</Tracking><Tracking event=\"complete\">https://track.example/video-bid-7a/complete</Tracking></TrackingEvents></Linear></Creative></Creatives></InLine></Ad></VAST>",
                "x-ecpm": 3.5,
                "x-bid-id": "video-bid-7a",
                "x-nurl": "https://auction.example/win?bid=${AUCTION_BID_ID}&auction=${AUCTION_ID}&price=${AUCTION_PRICE}",
                "x-lurl": "https://auction.example/loss?bid=${AUCTION_BID_ID}&reason=${AUCTION_LOSS}&win=${AUCTION_MIN_TO_WIN}",
                "x-burl": "https://auction.example/bill?bid=${AUCTION_BID_ID}&price=${AUCTION_PRICE}&cur=${AUCTION_CURRENCY}"
              }
            },
            {
              "metadata": {
                "x-adtype": "custom",
                "x-custom-event-class-name": "VASTInstreamCustomEvent",
                "x-network-name": "OtherVideoDSP",
                "adm": "<VAST version=\"4.2\"><Ad id=\"video-bid-2c\"><InLine><AdSystem>DemoBidder</AdSystem><AdTitle>video-bid-2c</AdTitle><Impression>https://track.example/video-bid-2c/impression</Impression><Creatives><Creative><Linear><Duration>00:00:10</Duration><MediaFiles><MediaFile delivery=\"progressive\" type=\"video/mp4\" width=\"1280\" height=\"720\">https://media.example/video-bid-2c.mp4</MediaFile></MediaFiles><TrackingEvents><Tracking event=\"start\">https://track.example/video-bid-2c/start</Tracking><Tracking event=\"complete\">https://track.example/video-bid-2c/complete</Tracking></TrackingEvents></Linear></Creative></Creatives></InLine></Ad></VAST>",
                "x-ecpm": 1.5,
                "x-bid-id": "video-bid-2c",
                "x-nurl": "https://auction.example/win?bid=${AUCTION_BID_ID}&auction=${AUCTION_ID}&price=${AUCTION_PRICE}",
                "x-lurl": "https://auction.example/loss?bid=${AUCTION_BID_ID}&reason=${AUCTION_LOSS}&win=${AUCTION_MIN_TO_WIN}",
                "x-burl": "https://auction.example/bill?bid=${AUCTION_BID_ID}&price=${AUCTION_PRICE}&cur=${AUCTION_CURRENCY}"
              }
            },
            {
              "metadata": {
                "x-adtype": "custom",
                "x-custom-event-class-name": "VASTInstreamCustomEvent",
                "x-network-name": "CheapVideoDSP",
                "adm": "<VAST version=\"4.2\"><Ad id=\"video-bid-low\"><InLine><AdSystem>DemoBidder</AdSystem><AdTitle>video-bid-low</AdTitle><Impression>https://track.example/video-bid-low/impression</Impression><Creatives><Creative><Linear><Duration>00:00:10</Duration><MediaFiles><MediaFile delivery=\"progressive\" type=\"video/mp4\" width=\"1280\" height=\"720\">https://media.example/video-bid-low.mp4</MediaFile></MediaFiles><TrackingEvents><Tracking event=\"start\">https://track.example/video-bid-low/start</Tracking><Tracking event=\"complete\">https://track.example/video-bid-low/complete</Tracking></TrackingEvents></Linear></Creative></Creatives></InLine></Ad></VAST>",
                "x-ecpm": 0.6,
                "x-bid-id": "video-bid-low",
                "x-nurl": "https://auction.example/win?bid=${AUCTION_BID_ID}&auction=${AUCTION_ID}&price=${AUCTION_PRICE}",
                "x-lurl": "https://auction.example/loss?bid=${AUCTION_BID_ID}&reason=${AUCTION_LOSS}&win=${AUCTION_MIN_TO_WIN}",
                "x-burl": "https://auction.example/bill?bid=${AUCTION_BID_ID}&price=${AUCTION_PRICE}&cur=${AUCTION_CURRENCY}"
              }
            }
          ]
        }
        """#
}
