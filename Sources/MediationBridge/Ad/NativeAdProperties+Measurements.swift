/// The ranges of the measurements that describe an asset (image sizes, media durations and aspect ratios), and
/// how a value out of them is dropped on the way in while its asset is kept.
extension NativeAdProperties {
    /// The side of an image, in pixels, that a unified ad accepts: 1…16,384 (the largest texture most GPUs
    /// take). A size with a side outside it, or not finite, is dropped from its image.
    package static let imageSideRange: ClosedRange<Double> = 1...16_384

    /// The longest media duration accepted, in seconds: 24 hours. A duration above it, negative or not finite
    /// is dropped from its media.
    package static let maximumDurationSeconds: Double = 86_400

    /// The aspect ratios (width / height) accepted for media: those of images within ``imageSideRange``.
    package static let aspectRatioRange: ClosedRange<Double> = (1 / 16_384)...16_384

    /// `value` without the measurements out of range, and the paths and reasons of those dropped.
    static func droppingImpossibleMeasurements(of value: NativeAdValue, for key: NativeAdPropertyKey) -> (
        value: NativeAdValue, dropped: [(String, String)]
    ) {
        var dropped: [(String, String)] = []
        func checked(_ image: AdImage, path: String) -> AdImage {
            guard let size = image.size,
                !(Self.imageSideRange.contains(size.width) && Self.imageSideRange.contains(size.height))
            else { return image }
            var image = image
            image.size = nil
            dropped.append(
                (
                    path + ".size",
                    "size \(Self.describe(size.width))x\(Self.describe(size.height)) dropped: each side must be in "
                        + "1...16384 px"
                ))
            return image
        }
        switch value {
        case .image(let image):
            return (.image(checked(image, path: key.rawValue)), dropped)
        case .media(var media):
            if let ratio = media.aspectRatio, !Self.aspectRatioRange.contains(ratio) {
                media.aspectRatio = nil
                dropped.append(
                    (
                        key.rawValue + ".aspectRatio",
                        "aspect ratio \(Self.describe(ratio)) dropped: it must be in 1/16384...16384"
                    ))
            }
            if let duration = media.durationSeconds, !(0...Self.maximumDurationSeconds).contains(duration) {
                media.durationSeconds = nil
                dropped.append(
                    (
                        key.rawValue + ".durationSeconds",
                        "duration \(Self.describe(duration)) s dropped: it must be in 0...86400 seconds"
                    ))
            }
            media.image = media.image.map { checked($0, path: key.rawValue + ".image") }
            return (.media(media), dropped)
        case .text, .number, .url:
            return (value, dropped)
        }
    }

    /// A number for a message, short even when huge (`1e+19`).
    private static func describe(_ number: Double) -> String {
        Int64(exactly: number).map(String.init) ?? "\(number)"
    }
}
