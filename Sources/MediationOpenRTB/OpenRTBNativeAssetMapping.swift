import MediationBridge

/// The one table between OpenRTB Native asset types and the unified keys (docs/openrtb.md, "Asset mapping"),
/// used both to read a response and to build a request.
public enum OpenRTBNativeAssetMapping {
    /// The Native title's key.
    public static let titleKey = NativeAdPropertyKey.title
    /// The key under which a video asset's VAST document is kept, as text, for the in-stream player.
    public static let vastTagKey: NativeAdPropertyKey = "vasttag"

    /// The unified key of Native data type `type` (1…12), or `nil` for another type.
    public static func key(forDataType type: Int) -> NativeAdPropertyKey? {
        dataKeys[type]
    }

    /// The unified key of Native image type `type`: 1 and 2 the icon, 3 the main image, any other `imageTYPE`
    /// (`image500`).
    public static func key(forImageType type: Int) -> NativeAdPropertyKey {
        switch type {
        case 1, 2: .iconImage
        case 3: .mainImage
        default: NativeAdPropertyKey(rawValue: "image\(type)")
        }
    }

    /// The Native data types and their unified keys: 1 `sponsored`, 2 `text`, 3 `starrating`, 4 `likes`,
    /// 5 `downloads`, 6 `price`, 7 `saleprice`, 8 `phone`, 9 `address`, 10 `desc2`, 11 `domain`, 12 `ctatext`.
    public static let dataKeys: [Int: NativeAdPropertyKey] = [
        1: .sponsored, 2: .text, 3: .starRating, 4: "likes", 5: "downloads", 6: "price", 7: "saleprice",
        8: "phone", 9: "address", 10: "desc2", 11: .domain, 12: .callToAction,
    ]

    /// The request asset kind that asks for `key`, or `nil` when no Native asset carries it.
    public static func requestKind(for key: NativeAdPropertyKey, minimumSize: ImageSize?) -> OpenRTBNativeRequestAsset
        .Kind?
    {
        if key == titleKey { return .title(maximumLength: 90) }
        if key == .mainMedia || key == vastTagKey {
            return .video(
                mimeTypes: ["video/mp4"], minimumDuration: 0, maximumDuration: 120, protocols: [2, 3, 5, 6, 7, 8])
        }
        let width = minimumSize.map { Int($0.width.rounded(.up)) }
        let height = minimumSize.map { Int($0.height.rounded(.up)) }
        if key == .iconImage { return .image(type: 1, minimumWidth: width, minimumHeight: height) }
        if key == .mainImage { return .image(type: 3, minimumWidth: width, minimumHeight: height) }
        if let type = dataKeys.first(where: { $0.value == key })?.key {
            return .data(type: type, maximumLength: type == 2 ? 140 : nil)
        }
        return nil
    }
}
