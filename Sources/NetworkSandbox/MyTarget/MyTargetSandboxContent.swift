import Foundation
import MediationBridge
import MyTargetAdapters

/// Ready-made myTarget banner content: two fully filled fixtures and seeded sample banners for demos and
/// benchmarks. Same input, same content, on every machine.
public enum MyTargetSandboxContent {
    /// A store (app install) banner with every field filled.
    public static func storeBanner(index: Int = 0) -> MyTargetNativeBanner {
        MyTargetNativeBanner(
            title: "Puzzle Quest \(index)",
            descriptionText: "Match three gems and beat 500 levels.",
            ctaText: "Install",
            domain: nil,
            advertisingLabel: "Реклама",
            ageRestrictions: "12+",
            disclaimer: "Legacy disclaimer \(index)",
            disclaimerInfo: MyTargetDisclaimer(text: "In-app purchases.", type: .declaration),
            rating: 4.5,
            votes: 1_234,
            navigationType: .store,
            icon: image("store-icon-\(index)", width: 128, height: 128),
            adChoicesIcon: image("adchoices-\(index)", width: 20, height: 20),
            hasAdChoices: true,
            category: "Games",
            subcategory: "Puzzle",
            bundleId: "com.example.puzzle\(index)",
            erid: "2SDnjeXYZ\(index)")
    }

    /// A web (site) banner with every field filled.
    public static func webBanner(index: Int = 0) -> MyTargetNativeBanner {
        MyTargetNativeBanner(
            title: "Fresh groceries \(index)",
            descriptionText: "Delivery in 30 minutes across the city.",
            ctaText: "Order",
            domain: "shop\(index).example.com",
            advertisingLabel: "Реклама",
            ageRestrictions: "0+",
            disclaimer: nil,
            disclaimerInfo: MyTargetDisclaimer(text: "Not a public offer.", type: .undefined),
            rating: nil,
            votes: 0,
            navigationType: .web,
            icon: image("web-icon-\(index)", width: 64, height: 64),
            adChoicesIcon: image("adchoices-web-\(index)", width: 20, height: 20),
            hasAdChoices: true,
            category: "Food",
            subcategory: "Delivery",
            bundleId: nil,
            erid: "4CQwqZ\(index)")
    }

    /// `count` sample banners from `seed`.
    public static func sampleBanners(count: Int, seed: UInt64) -> [MyTargetNativeBanner] {
        var generator = SeededRandomNumberGenerator(seed: seed)
        return (0..<max(count, 0)).map { sampleBanner(index: $0, using: &generator) }
    }

    /// One sample banner: store or web, with a plausible mix of optional fields.
    public static func sampleBanner(index: Int, using generator: inout SeededRandomNumberGenerator)
        -> MyTargetNativeBanner
    {
        let products = ["Puzzle Quest", "City Taxi", "Word Master", "Fresh Market", "Sky Airlines", "Book Club"]
        let product = products[Int.random(in: 0..<products.count, using: &generator)]
        let isStore = Bool.random(using: &generator)
        var banner = isStore ? storeBanner(index: index) : webBanner(index: index)
        banner.title = "\(product) \(index)"
        if isStore {
            banner.rating = (Double(Int.random(in: 30...50, using: &generator)) / 10)
            banner.votes = Int.random(in: 0...50_000, using: &generator)
        }
        if Int.random(in: 0..<4, using: &generator) == 0 { banner.disclaimerInfo = nil }
        if Int.random(in: 0..<4, using: &generator) == 0 { banner.ageRestrictions = nil }
        banner.hasAdChoices = Int.random(in: 0..<5, using: &generator) != 0
        return banner
    }

    private static func image(_ name: String, width: Double, height: Double) -> MyTargetImageData? {
        guard let url = URL(string: "https://sandbox.mytarget.example/media/\(name).png") else { return nil }
        return MyTargetImageData(url: url, size: ImageSize(width: width, height: height))
    }
}
