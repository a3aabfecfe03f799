import Foundation
import GoogleCustomNativeAdapter
import MediationConformance
import MediationCore
import MyTargetAdapters
import NetworkSandbox
import TAMediaAdapter

extension MyTargetSandboxContent {
    /// A store banner whose fields carry a generated ad's raw values, as the SDK would hand them over: `title`,
    /// `text` → `descriptionText`, `ctatext` → `ctaText`, `agerestriction`, `disclaimer` (as disclaimer info),
    /// `advertisinglabel`, `category`, `subcategory`, `erid`; `iconimage` → `icon` (a string that does not parse
    /// as a URL leaves it empty); the rating on myTarget's 0…5 store scale.
    public static func banner(generated: ConformanceGeneratedAd) -> MyTargetNativeBanner {
        let texts = generated.texts
        return MyTargetNativeBanner(
            title: texts[.title], descriptionText: texts[.text], ctaText: texts[.callToAction],
            advertisingLabel: texts[.advertisingLabel], ageRestrictions: texts[.ageRestriction],
            disclaimerInfo: texts[.disclaimer].map { MyTargetDisclaimer(text: $0) }, rating: generated.rating,
            navigationType: .store,
            icon: generated.imageURLs[.iconImage].flatMap(URL.init(string:)).map { MyTargetImageData(url: $0) },
            category: texts[.category], subcategory: texts[.subcategory], erid: texts[.adMarkingToken])
    }
}

extension SandboxGoogleAdContent {
    /// An ad of the sample custom format whose assets carry a generated ad's raw values: `title` → `Headline`,
    /// `text` → `Caption`, `mainimage` → `MainImage` (a string that does not parse as a URL leaves the asset's
    /// URL empty); no media, no AdChoices image.
    public init(generated: ConformanceGeneratedAd, formatID: String = SandboxGoogleAdContent.sampleFormatID) {
        self.init(formatID: formatID)
        let names: [NativeAdPropertyKey: String] = [.title: "Headline", .text: "Caption", .mainImage: "MainImage"]
        for (key, text) in generated.texts { texts[names[key] ?? key.rawValue] = text }
        for (key, url) in generated.imageURLs {
            images[names[key] ?? key.rawValue] = GoogleSDKNativeAdImage(imageURL: URL(string: url))
        }
    }
}

extension SandboxTAMediaSamples {
    /// TAMedia content whose fields carry a generated ad's raw values: `title` → long subject, `text` → body,
    /// `ctatext` → call to action, `shorttitle` → short subject, `iconimage` → square icon, `rectimage` →
    /// rectangle image (a string that does not parse as a URL leaves the image's URL empty); no media.
    public static func content(generated: ConformanceGeneratedAd) -> TAMediaSDKNativeAdContent {
        func image(_ key: NativeAdPropertyKey) -> TAMediaSDKNativeAdImage? {
            generated.imageURLs[key].map { TAMediaSDKNativeAdImage(url: URL(string: $0)) }
        }
        let texts = generated.texts
        return TAMediaSDKNativeAdContent(
            longSubject: texts[.title], shortSubject: texts[.shortTitle], body: texts[.text],
            callToAction: texts[.callToAction], iconSquare: image(.iconImage), iconRect: image(.rectangleImage),
            mediaContent: nil)
    }
}
