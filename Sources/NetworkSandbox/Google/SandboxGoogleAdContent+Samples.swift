import Foundation
import GoogleCustomNativeAdapter
import MediationBridge

extension SandboxGoogleAdContent {
    /// Google's test ad unit for direct-sold custom native ads, serving format 12387226.
    public static let sampleAdUnitID = "/21775744923/example/native"
    /// Google's test ad unit for native backfill, whose ads carry an AdChoices overlay.
    public static let sampleBackfillAdUnitID = "/21775744923/example/native-backfill"
    /// Google's test ad unit for custom native video (format 12406343).
    public static let sampleVideoAdUnitID = "/21775744923/example/native-video"
    /// Google's sample custom format (assets `Headline`, `MainImage`, `Caption`).
    public static let sampleFormatID = "12387226"
    /// Google's sample custom video format.
    public static let sampleVideoFormatID = "12406343"
    /// The URL scheme of the samples' deep links (`sandboxshop://offer/…`): the advertiser's app. A network made
    /// with it among `installedAppSchemes` opens the deep link on a click instead of the in-app browser.
    public static let sampleDeepLinkScheme = "sandboxshop"

    private static let subjects = ["Mountain", "Harbour", "Garden", "City", "Desert", "Forest", "Island", "River"]
    private static let nouns = ["retreat", "tour", "weekend", "getaway", "escape", "journey", "festival", "market"]
    private static let captions = [
        "Book today and save.", "Limited seats this season.", "Families welcome.", "Free cancellation.",
        "Breakfast included.", "Guided by locals.",
    ]

    /// A deterministic ad of Google's sample format: `Headline`, `MainImage`, `Caption`, an AdChoices image,
    /// a deep link (scheme `sandboxshop`) and a click URL. The same seed always gives the same ad.
    public static func sample(seed: UInt64 = 1, formatID: String = sampleFormatID) -> SandboxGoogleAdContent {
        var generator = SeededRandomNumberGenerator(seed: seed)
        let number = generator.next() % 100_000
        let headline =
            "\(subjects[Int(generator.next() % UInt64(subjects.count))]) "
            + "\(nouns[Int(generator.next() % UInt64(nouns.count))])"
        let caption = captions[Int(generator.next() % UInt64(captions.count))]
        let base = "https://sandbox.mediationkit.test/google/\(number)"
        return SandboxGoogleAdContent(
            formatID: formatID,
            texts: ["Headline": headline, "Caption": caption],
            images: [
                "MainImage": GoogleSDKNativeAdImage(
                    imageURL: URL(string: "\(base)/main.jpg"), size: ImageSize(width: 1200, height: 627))
            ],
            adChoicesImage: GoogleSDKNativeAdImage(
                imageURL: URL(string: "\(base)/adchoices.png"), size: ImageSize(width: 20, height: 20)),
            deepLinkURLs: [URL(string: "\(sampleDeepLinkScheme)://offer/\(number)")].compactMap(\.self),
            clickURL: URL(string: "\(base)/click"),
            responseIdentifier: "sandbox-google-\(number)")
    }

    /// A deterministic video ad of Google's sample video format: the sample's assets plus video media with a
    /// poster image.
    public static func sampleVideo(seed: UInt64 = 1) -> SandboxGoogleAdContent {
        var content = sample(seed: seed, formatID: sampleVideoFormatID)
        var generator = SeededRandomNumberGenerator(seed: seed ^ 0x5EED)
        let duration = Double(15 + generator.next() % 16)
        let poster = content.images["MainImage"]
        content.mediaContent = GoogleSDKMediaContent(
            hasVideoContent: true, aspectRatio: 16.0 / 9.0, duration: duration, mainImage: poster)
        return content
    }
}
