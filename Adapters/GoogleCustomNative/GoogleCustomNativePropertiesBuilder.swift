import Foundation
import MediationBridge

/// Builds the unified properties of one Google custom native ad from its assets.
///
/// - Mapped assets fill their unified key; a text asset mapped onto a number or URL key is parsed, and one
///   that does not parse (or breaks the key's rule, such as a star rating outside 0…5) is kept as an extra
///   under its asset name, with a warning.
/// - Unmapped assets pass through as extras under their own names.
/// - The AdChoices asset becomes the privacy icon.
/// - Main media: the video when the media content has one, else the image that fills the main image.
struct GoogleCustomNativePropertiesBuilder {
    /// What one ad maps to.
    struct Result {
        /// The unified properties (images without bytes until precached).
        var properties: NativeAdProperties
        /// The asset behind each unified key that came from an asset.
        var assetKeysByProperty: [NativeAdPropertyKey: String]
    }

    let mapping: GoogleCustomNativeAssetMapping
    let adChoicesAssetKey: String
    let mediaViewAssetKey: String
    let logger: any MediationLogger

    func build(from ad: any GoogleSDKCustomNativeAd) -> Result {
        var result = Result(properties: NativeAdProperties(), assetKeysByProperty: [:])
        for assetName in mapping.assetNames {
            guard let key = mapping.key(forAsset: assetName) else { continue }
            addMappedAsset(assetName, as: key, of: ad, to: &result)
        }
        let mapped = Set(mapping.assetNames)
        let skipped: Set<String> = [adChoicesAssetKey, mediaViewAssetKey]
        for assetName in uniqueSorted(ad.availableAssetKeys) where !mapped.contains(assetName) {
            guard !skipped.contains(assetName) else { continue }
            addExtra(assetName, of: ad, to: &result)
        }
        if let adChoices = ad.image(forKey: adChoicesAssetKey).flatMap({ adImage($0, asset: adChoicesAssetKey, ad) }) {
            store(.image(adChoices), for: .privacyIcon, asset: adChoicesAssetKey, in: &result)
        }
        addMainMedia(of: ad, to: &result)
        return result
    }

    private func addMappedAsset(
        _ assetName: String, as key: NativeAdPropertyKey, of ad: any GoogleSDKCustomNativeAd, to result: inout Result
    ) {
        let value: NativeAdValue?
        switch key.expectedKind {
        case .text?:
            value = nonEmpty(ad.string(forKey: assetName)).map(NativeAdValue.text)
        case .image?:
            value = ad.image(forKey: assetName).flatMap { adImage($0, asset: assetName, ad) }.map(NativeAdValue.image)
        case .number?:
            value = nonEmpty(ad.string(forKey: assetName)).map { text in
                JSONDocument.decimal(text).map(NativeAdValue.number) ?? .text(text)
            }
        case .url?:
            value = nonEmpty(ad.string(forKey: assetName)).map { text in
                URL(string: text.trimmingCharacters(in: .whitespaces)).map(NativeAdValue.url) ?? .text(text)
            }
        case .media?, nil:
            value = rawValue(ofAsset: assetName, ad)
        }
        guard let value else { return }
        if let expected = key.expectedKind, value.kind != expected {
            warn("asset '\(assetName)' does not fit '\(key)', kept as an extra", assetName, ad)
            addExtraValue(value, assetName: assetName, ad, to: &result)
            return
        }
        do {
            try result.properties.set(value, for: key)
            result.assetKeysByProperty[key] = assetName
        } catch {
            warn("asset '\(assetName)' rejected for '\(key)' (\(error)), kept as an extra", assetName, ad)
            addExtraValue(rawValue(ofAsset: assetName, ad) ?? value, assetName: assetName, ad, to: &result)
        }
    }

    private func addExtra(_ assetName: String, of ad: any GoogleSDKCustomNativeAd, to result: inout Result) {
        guard let value = rawValue(ofAsset: assetName, ad) else { return }
        addExtraValue(value, assetName: assetName, ad, to: &result)
    }

    private func addExtraValue(
        _ value: NativeAdValue, assetName: String, _ ad: any GoogleSDKCustomNativeAd, to result: inout Result
    ) {
        let key = NativeAdPropertyKey(rawValue: assetName)
        guard result.properties[key] == nil else {
            warn("asset '\(assetName)' dropped: its name is taken by a mapped asset", assetName, ad)
            return
        }
        store(value, for: key, asset: assetName, in: &result)
    }

    private func store(
        _ value: NativeAdValue, for key: NativeAdPropertyKey, asset assetName: String, in result: inout Result
    ) {
        do {
            try result.properties.set(value, for: key)
            result.assetKeysByProperty[key] = assetName
        } catch {
            logger.log(
                .warning, "Google custom native: asset dropped: \(error)",
                metadata: ["asset": assetName, "key": key.rawValue])
        }
    }

    private func addMainMedia(of ad: any GoogleSDKCustomNativeAd, to result: inout Result) {
        let media = ad.mediaContent
        let aspectRatio = media.aspectRatio > 0 ? media.aspectRatio : nil
        if media.hasVideoContent {
            let poster = media.mainImage.flatMap { adImage($0, asset: mediaViewAssetKey, ad) }
            let video = MediaContent(
                hasVideo: true, aspectRatio: aspectRatio, durationSeconds: media.duration > 0 ? media.duration : nil,
                image: poster)
            store(.media(video), for: .mainMedia, asset: mediaViewAssetKey, in: &result)
        } else if let image = result.properties.image(.mainImage) {
            let imageRatio = image.size.flatMap { $0.height > 0 ? $0.width / $0.height : nil }
            let still = MediaContent(hasVideo: false, aspectRatio: aspectRatio ?? imageRatio, image: image)
            let asset = result.assetKeysByProperty[.mainImage] ?? mediaViewAssetKey
            store(.media(still), for: .mainMedia, asset: asset, in: &result)
        }
    }

    private func rawValue(ofAsset assetName: String, _ ad: any GoogleSDKCustomNativeAd) -> NativeAdValue? {
        if let text = nonEmpty(ad.string(forKey: assetName)) { return .text(text) }
        return ad.image(forKey: assetName).flatMap { adImage($0, asset: assetName, ad) }.map(NativeAdValue.image)
    }

    /// The unified image for a Google image: its URL (with the bytes when the SDK loaded them), or a
    /// network-provided image (``AdImage/init(networkData:size:)``) for bytes the SDK loaded without a URL;
    /// `nil` when it has neither.
    private func adImage(_ image: GoogleSDKNativeAdImage, asset assetName: String, _ ad: any GoogleSDKCustomNativeAd)
        -> AdImage?
    {
        if let url = image.imageURL { return AdImage(url: url, size: image.size, data: image.imageData) }
        guard let data = image.imageData, !data.isEmpty else { return nil }
        return AdImage(networkData: data, size: image.size)
    }

    private func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }

    private func uniqueSorted(_ names: [String]) -> [String] {
        Array(Set(names)).sorted()
    }

    private func warn(_ message: String, _ assetName: String, _ ad: any GoogleSDKCustomNativeAd) {
        logger.log(
            .warning, "Google custom native: \(message)", metadata: ["asset": assetName, "formatID": ad.formatID])
    }
}
