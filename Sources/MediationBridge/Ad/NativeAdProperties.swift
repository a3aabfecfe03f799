import Foundation

/// The unified ad dictionary: every network's native ad mapped onto one set of typed keys.
///
/// Values are checked as they go in: a well-known key must hold its declared kind (see
/// ``NativeAdPropertyKey/expectedKind``), the star rating must lie in 0…5, every number must be finite (counts
/// also non-negative), and a text may hold at most 64 KiB (65,536 bytes) of UTF-8.
/// A bad value is an error, never silently clamped.
///
/// A measurement that describes an asset rather than being content is dropped instead, and the asset kept: an image
/// size with a side outside 1…16,384 px (or not finite), a media duration outside 0…86,400 s (24 h) and an aspect ratio
/// outside 1/16,384…16,384 lose that measurement, which is recorded in ``droppedValues`` (the engine traces and logs it
/// when the ad loads), so no renderer ever meets an impossible size. Another exception is a URL that
/// ``MediationURLPolicy`` refuses (`javascript:`, `data:`, `file:`, relative …): it is dropped (a media's video or
/// image alone, or the whole value when it is a URL or an image) and listed in ``refusedURLs``, so no adapter can
/// forward it. An image that already carries its bytes or a network handle keeps its URL, which is then only a name and
/// is never fetched. Every image must have a URL, bytes or a network handle (``AdImage``). Keys that are not well known
/// are kept as ``extras``.
public struct NativeAdProperties: Sendable, Hashable {
    /// The largest text value, in bytes of UTF-8: 64 KiB.
    package static let maximumTextBytes = 65_536

    /// The entries, by key.
    public private(set) var values: [NativeAdPropertyKey: NativeAdValue]

    /// URLs dropped on the way in because they are not absolute http(s), by key; the engine traces and logs
    /// them when the ad loads.
    public private(set) var refusedURLs: [NativeAdPropertyKey: String] = [:]

    /// Measurements dropped on the way in because they were out of range (an image size, a media duration
    /// or aspect ratio), by path (`mainimage.size`, `mainmediaview.durationSeconds`), with what was dropped
    /// and why; the engine traces and logs them when the ad loads.
    public private(set) var droppedValues: [String: String] = [:]

    /// An empty dictionary.
    public init() {
        values = [:]
    }

    /// Compares the entries only; ``refusedURLs`` and ``droppedValues`` are records of what was dropped, not
    /// content.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.values == rhs.values }

    /// Hashes the entries only.
    public func hash(into hasher: inout Hasher) { hasher.combine(values) }

    /// Creates the dictionary from `values`, checking each.
    ///
    /// - Throws: ``MediationError/invalidConfiguration(path:reason:)`` naming the first bad key (in key order).
    public init(_ values: [NativeAdPropertyKey: NativeAdValue]) throws(MediationError) {
        self.values = [:]
        for key in values.keys.sorted() {
            try set(values[key], for: key)
        }
    }

    /// The value for `key`, or `nil`.
    public subscript(key: NativeAdPropertyKey) -> NativeAdValue? {
        values[key]
    }

    /// Stores `value` for `key` (removes it when `nil`), after checking it.
    ///
    /// - Throws: ``MediationError/invalidConfiguration(path:reason:)`` with the key as path when the value has
    ///   the wrong kind for a well-known key, or a star rating is outside 0…5 or not finite. An out-of-range
    ///   measurement is not an error: it is dropped and recorded in ``droppedValues``.
    public mutating func set(_ value: NativeAdValue?, for key: NativeAdPropertyKey) throws(MediationError) {
        guard let value else {
            values[key] = nil
            return
        }
        let measured = Self.droppingImpossibleMeasurements(of: value, for: key)
        try Self.check(measured.value, for: key)
        for (path, reason) in measured.dropped { droppedValues[path] = reason }
        values[key] = applyingURLPolicy(to: measured.value, for: key)
    }

    /// `value` without the URLs the policy refuses, recording each in ``refusedURLs``; `nil` when nothing of
    /// it is left.
    private mutating func applyingURLPolicy(to value: NativeAdValue, for key: NativeAdPropertyKey) -> NativeAdValue? {
        func allowed(_ url: URL) -> Bool {
            guard MediationURLPolicy.isAllowedContentURL(url) else {
                refusedURLs[key] = url.absoluteString
                return false
            }
            return true
        }
        switch value {
        case .url(let url):
            return allowed(url) ? value : nil
        case .image(let image):
            // An image with bytes or a network handle is never fetched: its URL (if any) is only a name.
            guard let url = image.urlToDownload else { return value }
            return allowed(url) ? value : nil
        case .media(var media):
            if let video = media.videoURL, !allowed(video) { media.videoURL = nil }
            if let url = media.image?.urlToDownload, !allowed(url) { media.image = nil }
            return .media(media)
        case .text, .number:
            return value
        }
    }

    /// Records that a value was dropped on the way in, at `path` (`openrtb.jstracker`, `openrtb.assets[3]`), with
    /// what was dropped and why; the engine traces and logs it with the others in ``droppedValues`` when the ad
    /// loads. For adapters that read a document of their own (an OpenRTB Native markup) and drop parts of it.
    package mutating func recordDroppedValue(at path: String, reason: String) {
        droppedValues[path] = reason
    }

    /// Stores `text` for `key` unless it is `nil` or empty.
    public mutating func setText(_ text: String?, for key: NativeAdPropertyKey) throws(MediationError) {
        guard let text, !text.isEmpty else { return }
        try set(.text(text), for: key)
    }

    /// Stores an image for `key` unless `image` is `nil`.
    public mutating func setImage(_ image: AdImage?, for key: NativeAdPropertyKey) throws(MediationError) {
        guard let image else { return }
        try set(.image(image), for: key)
    }

    /// The keys present, sorted.
    public var keys: [NativeAdPropertyKey] { values.keys.sorted() }

    /// How many entries there are.
    public var count: Int { values.count }

    /// Whether there are no entries.
    public var isEmpty: Bool { values.isEmpty }

    /// The entries whose keys are not well known (networks' extra assets).
    public var extras: NativeAdProperties {
        var extras = NativeAdProperties()
        extras.values = values.filter { !$0.key.isWellKnown }
        return extras
    }

    /// The text for `key`, or `nil` when absent or not text.
    public func text(_ key: NativeAdPropertyKey) -> String? { values[key]?.textValue }
    /// The number for `key`, or `nil` when absent or not a number.
    public func number(_ key: NativeAdPropertyKey) -> Double? { values[key]?.numberValue }
    /// The URL for `key`, or `nil` when absent or not a URL.
    public func url(_ key: NativeAdPropertyKey) -> URL? { values[key]?.urlValue }
    /// The image for `key`, or `nil` when absent or not an image.
    public func image(_ key: NativeAdPropertyKey) -> AdImage? { values[key]?.imageValue }
    /// The media for `key`, or `nil` when absent or not media.
    public func media(_ key: NativeAdPropertyKey) -> MediaContent? { values[key]?.mediaValue }

    /// The entries of `required` that are absent, sorted.
    package func missingKeys(of required: some Sequence<NativeAdPropertyKey>) -> [NativeAdPropertyKey] {
        Set(required).filter { values[$0] == nil }.sorted()
    }

    /// Checks that every key of `required` is present.
    ///
    /// - Throws: ``MediationError/missingRequiredAssets(_:)`` listing every missing key, sorted.
    public func checkRequired(_ required: some Sequence<NativeAdPropertyKey>) throws(MediationError) {
        let missing = missingKeys(of: required)
        guard missing.isEmpty else { throw .missingRequiredAssets(missing) }
    }

    /// The valid range of ``NativeAdPropertyKey/starRating``.
    package static let starRatingRange: ClosedRange<Double> = 0...5

    package static func check(_ value: NativeAdValue, for key: NativeAdPropertyKey) throws(MediationError) {
        if let expected = key.expectedKind, expected != value.kind {
            throw .invalidConfiguration(
                path: key.rawValue, reason: "expected \(expected.rawValue), got \(value.kind.rawValue)")
        }
        if key == .starRating, let rating = value.numberValue {
            guard rating.isFinite, starRatingRange.contains(rating) else {
                throw .invalidConfiguration(path: key.rawValue, reason: "expected a rating in 0...5, got \(rating)")
            }
        }
        switch value {
        case .text(let text) where text.utf8.count > maximumTextBytes:
            throw .invalidConfiguration(
                path: key.rawValue,
                reason: "a text of \(text.utf8.count) bytes, over the limit of \(maximumTextBytes) bytes")
        case .number(let number):
            guard number.isFinite else {
                throw .invalidConfiguration(path: key.rawValue, reason: "expected a finite number, got \(number)")
            }
            if nonNegativeNumberKeys.contains(key), number < 0 {
                throw .invalidConfiguration(path: key.rawValue, reason: "expected a count of 0 or more, got \(number)")
            }
        case .image(let image):
            try checkImage(image, path: key.rawValue)
        case .media(let media):
            if let ratio = media.aspectRatio, !aspectRatioRange.contains(ratio) {
                throw .invalidConfiguration(
                    path: key.rawValue + ".aspectRatio", reason: "expected a ratio in \(aspectRatioRange), got \(ratio)"
                )
            }
            if let duration = media.durationSeconds, !(0...maximumDurationSeconds).contains(duration) {
                throw .invalidConfiguration(
                    path: key.rawValue + ".durationSeconds",
                    reason: "expected a duration in 0...\(maximumDurationSeconds) seconds, got \(duration)")
            }
            if let image = media.image { try checkImage(image, path: key.rawValue + ".image") }
        case .text, .url:
            break
        }
    }

    /// Number keys that hold counts.
    private static let nonNegativeNumberKeys: Set<NativeAdPropertyKey> = [.votes]

    private static func checkImage(_ image: AdImage, path: String) throws(MediationError) {
        guard image.url != nil || image.isLoaded else {
            throw .invalidConfiguration(path: path, reason: "an image with no URL, no bytes and no network handle")
        }
        if let data = image.data, image.isNetworkProvided, data.isEmpty {
            throw .invalidConfiguration(path: path + ".data", reason: "a network-provided image with empty bytes")
        }
        try checkSize(image.size, path: path)
    }

    private static func checkSize(_ size: ImageSize?, path: String) throws(MediationError) {
        guard let size else { return }
        guard imageSideRange.contains(size.width), imageSideRange.contains(size.height) else {
            throw .invalidConfiguration(
                path: path + ".size",
                reason: "expected each side in \(imageSideRange) px, got \(size.width)x\(size.height)")
        }
    }
}
