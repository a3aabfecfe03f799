import Foundation

/// The unified ad dictionary: every network's native ad mapped onto one set of typed keys.
///
/// Values are checked as they go in: a well-known key must hold its declared kind (see
/// ``NativeAdPropertyKey/expectedKind``) and the star rating must lie in 0…5. A bad value is an error, never
/// silently clamped or dropped. Keys that are not well known are kept as ``extras``.
public struct NativeAdProperties: Sendable, Hashable {
    /// The entries, by key.
    public private(set) var values: [NativeAdPropertyKey: NativeAdValue]

    /// An empty dictionary.
    public init() {
        values = [:]
    }

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
    ///   the wrong kind for a well-known key, or a star rating is outside 0…5 or not finite.
    public mutating func set(_ value: NativeAdValue?, for key: NativeAdPropertyKey) throws(MediationError) {
        guard let value else {
            values[key] = nil
            return
        }
        try Self.check(value, for: key)
        values[key] = value
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
    public func missingKeys(of required: some Sequence<NativeAdPropertyKey>) -> [NativeAdPropertyKey] {
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
    public static let starRatingRange: ClosedRange<Double> = 0...5

    static func check(_ value: NativeAdValue, for key: NativeAdPropertyKey) throws(MediationError) {
        if let expected = key.expectedKind, expected != value.kind {
            throw .invalidConfiguration(
                path: key.rawValue, reason: "expected \(expected.rawValue), got \(value.kind.rawValue)")
        }
        if key == .starRating, let rating = value.numberValue {
            guard rating.isFinite, starRatingRange.contains(rating) else {
                throw .invalidConfiguration(path: key.rawValue, reason: "expected a rating in 0...5, got \(rating)")
            }
        }
    }
}
