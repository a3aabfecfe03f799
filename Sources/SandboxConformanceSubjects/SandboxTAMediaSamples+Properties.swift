import MediationCore
import NetworkSandbox
import TAMediaAdapter

extension SandboxTAMediaSamples {
    /// TAMedia content whose fields carry `properties`, so that the adapter's mapping gives the same unified
    /// values back: `title` → long subject, `text` → body, `ctatext` → call to action, `iconimage` → square icon,
    /// `shorttitle` → short subject, `rectimage` → rectangle image, `mainmediaview` → media content (or, lacking
    /// one, `mainimage` → a still media content).
    ///
    /// Other keys are left out: TAMedia's content has no field for them. Images carry their URL and size only,
    /// as before the SDK loads them.
    public static func content(carrying properties: NativeAdProperties) -> TAMediaSDKNativeAdContent {
        func image(_ key: NativeAdPropertyKey) -> TAMediaSDKNativeAdImage? {
            properties.image(key).map(tadImage)
        }
        let media = properties.media(.mainMedia).map { media in
            TAMediaSDKMediaContent(
                hasVideoContent: media.hasVideo, aspectRatio: media.aspectRatio, duration: media.durationSeconds,
                videoURL: media.videoURL, image: media.image.map(tadImage))
        }
        let still = properties.image(.mainImage).map { still in
            TAMediaSDKMediaContent(hasVideoContent: false, image: tadImage(still))
        }
        return TAMediaSDKNativeAdContent(
            longSubject: properties.text(.title), shortSubject: properties.text(.shortTitle),
            body: properties.text(.text), callToAction: properties.text(.callToAction), iconSquare: image(.iconImage),
            iconRect: image(.rectangleImage), mediaContent: media ?? still)
    }

    private static func tadImage(_ image: AdImage) -> TAMediaSDKNativeAdImage {
        TAMediaSDKNativeAdImage(url: image.url, size: image.size)
    }
}
