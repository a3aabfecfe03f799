import Foundation
import GoogleCustomNativeAdapter
import MediationCore
import NetworkSandbox

extension SandboxGoogleAdContent {
    /// An ad of a custom format whose assets carry `properties`, as far as a custom format can carry them, so
    /// that the adapter's default mapping gives the same unified values back:
    ///
    /// - `title` → `Headline`, `text` → `Caption`, `mainimage` → `MainImage` (the sample format's assets);
    /// - `privacyicon` → the AdChoices image;
    /// - `mainmediaview` with video → the ad's video media (aspect ratio, duration, poster); a still main media
    ///   keeps its aspect ratio, and its image becomes the `MainImage` asset when `mainimage` is absent, since
    ///   Google's still media is that image;
    /// - any other text or image → an asset named after its key, which the adapter passes through under that
    ///   same name;
    /// - numbers and URLs are left out: a custom format's assets are texts and images, and the default mapping
    ///   parses none of them (a line needs an `assetMapping` for that).
    ///
    /// Images carry their URL and size only, as the SDK gives them with image loading disabled.
    public init(properties: NativeAdProperties, formatID: String = SandboxGoogleAdContent.sampleFormatID) {
        self.init(formatID: formatID)
        let assetNames: [NativeAdPropertyKey: String] = [.title: "Headline", .text: "Caption", .mainImage: "MainImage"]
        for key in properties.keys {
            switch properties[key] {
            case .text(let text)?:
                texts[assetNames[key] ?? key.rawValue] = text
            case .image(let image)? where key == .privacyIcon:
                adChoicesImage = Self.asset(image)
            case .image(let image)?:
                images[assetNames[key] ?? key.rawValue] = Self.asset(image)
            case .media(let media)? where key == .mainMedia:
                if media.hasVideo {
                    mediaContent = GoogleSDKMediaContent(
                        hasVideoContent: true, aspectRatio: media.aspectRatio ?? 0,
                        duration: media.durationSeconds ?? 0, mainImage: media.image.map(Self.asset))
                } else {
                    mediaContent = GoogleSDKMediaContent(hasVideoContent: false, aspectRatio: media.aspectRatio ?? 0)
                    if properties[.mainImage] == nil, let still = media.image {
                        images["MainImage"] = Self.asset(still)
                    }
                }
            case .number?, .url?, .media?, nil:
                continue
            }
        }
    }

    private static func asset(_ image: AdImage) -> GoogleSDKNativeAdImage {
        GoogleSDKNativeAdImage(imageURL: image.url, size: image.size)
    }
}
