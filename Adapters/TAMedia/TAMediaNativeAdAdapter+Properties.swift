import Foundation
import MediationBridge

extension TAMediaNativeAdAdapter {
    /// The unified properties of TAMedia `content`, mapped as TAMedia's sample adapter does: long subject → title,
    /// body → text, call to action → CTA, square icon → icon image, the media view's content → main media; and
    /// also short subject → short title, rectangle image (`iconRect`) → rectangle image.
    ///
    /// Absent fields are left out (the guide's adapter would crash on them). Images carry the bytes the SDK loaded, if
    /// any; an image with neither URL nor bytes is left out.
    ///
    /// - Parameters:
    ///   - content: the ad's content.
    ///   - mediaContent: the media view's content (the guide sets it from `content.mediaContent`).
    public static func properties(for content: TAMediaSDKNativeAdContent, mediaContent: TAMediaSDKMediaContent?)
        throws(MediationError) -> NativeAdProperties
    {
        var properties = NativeAdProperties()
        try properties.setText(content.longSubject, for: .title)
        try properties.setText(content.body, for: .text)
        try properties.setText(content.callToAction, for: .callToAction)
        try properties.setImage(content.iconSquare.flatMap { adImage($0, name: "iconSquare") }, for: .iconImage)
        try properties.setText(content.shortSubject, for: .shortTitle)
        try properties.setImage(content.iconRect.flatMap { adImage($0, name: "iconRect") }, for: .rectangleImage)
        if let media = mediaContent {
            let still = media.image.flatMap { adImage($0, name: "mediaContent") }
            let ratio = media.aspectRatio ?? still?.size.flatMap { $0.height > 0 ? $0.width / $0.height : nil }
            let mainMedia = MediaContent(
                hasVideo: media.hasVideoContent, aspectRatio: ratio, durationSeconds: media.duration,
                videoURL: media.videoURL, image: still)
            try properties.set(.media(mainMedia), for: .mainMedia)
        }
        return properties
    }

    /// The unified image for a TAMedia image: its URL (with the bytes the SDK loaded, if any), or for bytes
    /// without a URL a network-provided image (``AdImage/init(networkData:size:)``), never a made-up URL.
    private static func adImage(_ image: TAMediaSDKNativeAdImage, name: String) -> AdImage? {
        if let url = image.url { return AdImage(url: url, size: image.size, data: image.imageData) }
        guard let data = image.imageData, !data.isEmpty else { return nil }
        return AdImage(networkData: data, size: image.size)
    }
}
