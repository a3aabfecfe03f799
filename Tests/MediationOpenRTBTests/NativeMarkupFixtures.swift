import Foundation
import MediationOpenRTB

/// Native markup written from the OpenRTB Dynamic Native Ads 1.2 specification (§5), and the request it answers.
enum NativeMarkupFixtures {
    /// The request: title (required), icon, main image (required), every data type 1–12, a video.
    static let request = OpenRTBNativeRequest(
        assets: [
            OpenRTBNativeRequestAsset(id: 1, isRequired: true, kind: .title(maximumLength: 90)),
            OpenRTBNativeRequestAsset(
                id: 2, isRequired: false, kind: .image(type: 1, minimumWidth: 50, minimumHeight: 50)),
            OpenRTBNativeRequestAsset(
                id: 3, isRequired: true, kind: .image(type: 3, minimumWidth: 300, minimumHeight: 150)),
            OpenRTBNativeRequestAsset(
                id: 4, isRequired: false,
                kind: .video(mimeTypes: ["video/mp4"], minimumDuration: 1, maximumDuration: 30, protocols: [3])),
        ]
            + (1...12).map {
                OpenRTBNativeRequestAsset(id: 100 + $0, isRequired: false, kind: .data(type: $0, maximumLength: nil))
            })

    /// Every asset type, link with click trackers and fallback, impression and event trackers, jstracker, privacy.
    static let full = """
        {"ver":"1.2","assets":[
          {"id":1,"title":{"text":"Fresh Pears"}},
          {"id":2,"img":{"url":"https://cdn.example.com/icon.png","w":80,"h":80}},
          {"id":3,"img":{"url":"https://cdn.example.com/main.jpg","w":1200,"h":627}},
          {"id":4,"video":{"vasttag":"<VAST version=\\"4.2\\"><Ad id=\\"1\\"/></VAST>"}},
          {"id":101,"data":{"value":"Pear Co."}},
          {"id":102,"data":{"value":"Crisp pears delivered."}},
          {"id":103,"data":{"value":"4.5"}},
          {"id":104,"data":{"value":"12k"}},
          {"id":105,"data":{"value":"1M+"}},
          {"id":106,"data":{"value":"$3.99"}},
          {"id":107,"data":{"value":"$1.99"}},
          {"id":108,"data":{"value":"+1 555 0100"}},
          {"id":109,"data":{"value":"1 Orchard Way"}},
          {"id":110,"data":{"value":"More text."}},
          {"id":111,"data":{"value":"pears.example.com"}},
          {"id":112,"data":{"value":"Buy now"}}
        ],
        "link":{"url":"https://click.example.com/c?p=${AUCTION_PRICE}",
                "clicktrackers":["https://track.example.com/click?id=${AUCTION_ID}"],
                "fallback":"https://pears.example.com/"},
        "imptrackers":["https://track.example.com/imp?p=${AUCTION_PRICE}&c=${AUCTION_CURRENCY}"],
        "jstracker":"<script src=\\"https://track.example.com/t.js\\"></script>",
        "eventtrackers":[
          {"event":1,"method":1,"url":"https://track.example.com/ev-imp"},
          {"event":2,"method":1,"url":"https://track.example.com/mrc50"},
          {"event":1,"method":2,"url":"https://track.example.com/omid.js"},
          {"event":1,"method":1,"url":"https://track.example.com/imp?p=${AUCTION_PRICE}&c=${AUCTION_CURRENCY}"}
        ],
        "privacy":"https://privacy.example.com/adchoices"}
        """

    /// The same ad under Native 1.0's `native` wrapper, without a request (asset types in the response).
    static let wrapped = """
        {"native":{"ver":"1.0","assets":[
          {"id":1,"title":{"text":"Fresh Pears"}},
          {"id":2,"img":{"type":1,"url":"https://cdn.example.com/icon.png"}},
          {"id":3,"img":{"type":3,"url":"https://cdn.example.com/main.jpg","w":1200,"h":627}},
          {"id":4,"data":{"type":2,"value":"Crisp pears delivered."}}
        ],
        "link":{"url":"https://pears.example.com/"},
        "imptrackers":["https://track.example.com/imp"]}}
        """

    /// A markup with the given assets JSON and a plain link.
    static func markup(assets: String, extra: String = "") -> String {
        #"{"assets":["# + assets + #"],"link":{"url":"https://pears.example.com/"}"# + extra + "}"
    }
}
