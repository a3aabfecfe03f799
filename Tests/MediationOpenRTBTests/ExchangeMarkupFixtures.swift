import Foundation

/// Native markup in the shapes exchanges write (modelled on the shapes of Prebid Server's adapter fixtures and
/// Prebid Mobile's test files, written here with example hosts) and in those Native 1.2 allows: protocol-relative
/// URLs, cleartext landing pages, link-only assets, typed and untyped images side by side.
enum ExchangeMarkupFixtures {
    /// Every URL protocol-relative, as one exchange writes them: the link, its fallback and click tracker, both
    /// images (one with whitespace around it), an impression tracker, an image event tracker, the privacy link.
    static let protocolRelative = """
        {"assets":[{"id":0,"img":{"type":3,"url":"//cdn.shop.example/native/728x90.png","w":728,"h":90}},
          {"id":1,"data":{"type":1,"value":"Sponsored by Shop"}},
          {"id":2,"img":{"type":1,"url":" //cdn.shop.example/native/icon.png ","w":80,"h":80}},
          {"id":3,"title":{"text":"Native Test Title"}},
          {"id":4,"data":{"type":2,"value":"Sponsored by Shop"}}],
         "link":{"url":"//www.shop.example/landing?c=${AUCTION_PRICE}",
                 "clicktrackers":["//t.shop.example/click?id=${AUCTION_ID}"],
                 "fallback":"//www.shop.example/"},
         "imptrackers":["//t.shop.example/imp?p=${AUCTION_PRICE}"],
         "eventtrackers":[{"event":1,"method":1,"url":"//t.shop.example/ev-imp"},
                          {"event":2,"method":1,"url":"//t.shop.example/mrc50"}],
         "privacy":"//www.shop.example/adchoices"}
        """

    /// A cleartext landing page, with cleartext images and trackers around it, under the Native 1.0 wrapper and
    /// with `ver` given as the number 1, as one exchange writes it.
    static let cleartextLanding = """
        {"native":{"assets":[{"id":1,"required":0,"title":{"text":"Luxury vehicles"}},
          {"id":2,"img":{"h":150,"url":"http://img.cars.example/logo.png","w":150},"required":0},
          {"id":3,"img":{"h":428,"url":"https://img.cars.example/hero.png","w":214},"required":0},
          {"id":4,"img":{"type":3,"url":"http://img.cars.example/main.png","w":1200,"h":627}}],
         "imptrackers":["http://track.cars.example/imp?ts=1"],
         "eventtrackers":[{"event":1,"method":1,"url":"http://track.cars.example/ev"}],
         "link":{"clicktrackers":["http://track.cars.example/click?ts=1","https://track.cars.example/click"],
                 "url":"http://www.cars.example/"},"ver":1}}
        """

    /// An asset that carries only a link (Native 1.2 §5.2: the title, img, video and data objects are each
    /// optional, and an asset's link applies when it is clicked) beside the usual assets and the ad's link.
    static let linkOnlyAsset = """
        {"ver":"1.2","assets":[{"id":1,"title":{"text":"Sample Native Ad"},"required":1},
          {"id":3,"img":{"url":"https://img.example/main.jpg","w":1200,"h":628},"required":1},
          {"id":102,"data":{"value":"A compelling description."}},
          {"id":5,"link":{"url":"https://shop.example/cta","clicktrackers":["https://t.example/cta"]}}],
         "link":{"url":"https://shop.example/"},
         "eventtrackers":[{"event":1,"method":1,"url":"https://t.example/imp"}]}
        """

    /// A markup without a request whose images are `first` then `second` (asset JSON), and a plain link.
    static func images(_ first: String, _ second: String) -> String {
        #"{"assets":[{"id":1,"title":{"text":"T"}},{"id":2,"img":"# + first + #"},{"id":3,"img":"# + second
            + #"}],"link":{"url":"https://shop.example/"}}"#
    }

    /// A markup with one title and the given link object (JSON), wrapped in `native` when `wrapped`.
    static func link(_ link: String, wrapped: Bool = false) -> String {
        let body = #"{"assets":[{"id":1,"title":{"text":"T"}}],"link":"# + link + "}"
        return wrapped ? #"{"native":"# + body + "}" : body
    }
}
