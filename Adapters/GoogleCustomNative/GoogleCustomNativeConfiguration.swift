import Foundation
import MediationBridge

/// The custom-event info a Google custom native line carries, parsed and checked.
///
/// | Key | Required | Meaning |
/// |---|---|---|
/// | `adUnitID` | yes | the Ad Manager ad unit, such as `/21775744923/example/native` |
/// | `formatIDs` | yes | the custom format IDs the app can show: an array of strings or numbers, or one comma-separated string |
/// | `assetMapping` | no | asset name → unified key name for every format (replaces the default mapping) |
/// | `assetMappingByFormat` | no | format ID → such a mapping, for one format (wins over `assetMapping`) |
/// | `clickAssetKey` | no | the asset a plain host click is reported on; default: the main image's asset, else the title's |
/// | `requiredKeys` | no | unified keys an ad must have, else it fails with `missingRequiredAssets` |
/// | `customTargeting` | no | Ad Manager key-values, an object of strings |
/// | `contentURL` | no | the URL of the content next to the ad |
/// | `bindAssetViews` | no | Boolean: the ad is shown by binding the host's asset views (``ViewBindingNativeAdRenderer``); impressions count only once bound; default `false` |
public struct GoogleCustomNativeConfiguration: Sendable, Hashable {
    /// The info key names.
    public enum InfoKey {
        /// `adUnitID` (required).
        public static let adUnitID = "adUnitID"
        /// `formatIDs` (required).
        public static let formatIDs = "formatIDs"
        /// `assetMapping`.
        public static let assetMapping = "assetMapping"
        /// `assetMappingByFormat`.
        public static let assetMappingByFormat = "assetMappingByFormat"
        /// `clickAssetKey`.
        public static let clickAssetKey = "clickAssetKey"
        /// `requiredKeys`.
        public static let requiredKeys = "requiredKeys"
        /// `customTargeting`.
        public static let customTargeting = "customTargeting"
        /// `contentURL`.
        public static let contentURL = "contentURL"
        /// `bindAssetViews`.
        public static let bindAssetViews = "bindAssetViews"
    }

    /// The ad unit ID.
    public var adUnitID: String
    /// The format IDs the app can show, in the info's order, without duplicates.
    public var formatIDs: [String]
    /// The mapping for every format, when the info names one.
    public var assetMapping: GoogleCustomNativeAssetMapping?
    /// Mappings for single formats, by format ID.
    public var assetMappingByFormat: [String: GoogleCustomNativeAssetMapping]
    /// The asset plain host clicks are reported on, when the info names one.
    public var clickAssetKey: String?
    /// Unified keys every ad must have.
    public var requiredKeys: [NativeAdPropertyKey]
    /// Ad Manager key-values.
    public var customTargeting: [String: String]
    /// The URL of the content next to the ad.
    public var contentURL: String?
    /// Whether ads of the line are shown by binding the host's asset views.
    public var bindsAssetViews: Bool

    /// Parses `info`.
    ///
    /// - Throws: ``MediationError/missingRequiredInfo(key:)`` for a missing `adUnitID` or `formatIDs`;
    ///   ``MediationError/invalidConfiguration(path:reason:)`` naming any malformed value.
    public init(info: CustomEventInfo) throws(MediationError) {
        adUnitID = try info.requiredString(InfoKey.adUnitID)
        formatIDs = try Self.parseFormatIDs(info[InfoKey.formatIDs])
        assetMapping = try info[InfoKey.assetMapping].map { value throws(MediationError) in
            guard let object = value.objectValue else {
                throw .invalidConfiguration(path: InfoKey.assetMapping, reason: "expected an object")
            }
            return try GoogleCustomNativeAssetMapping(json: object, path: InfoKey.assetMapping)
        }
        assetMappingByFormat = [:]
        if let value = info[InfoKey.assetMappingByFormat] {
            guard let byFormat = value.objectValue else {
                throw .invalidConfiguration(path: InfoKey.assetMappingByFormat, reason: "expected an object")
            }
            for formatID in byFormat.keys.sorted() {
                let path = "\(InfoKey.assetMappingByFormat).\(formatID)"
                guard let object = byFormat[formatID]?.objectValue else {
                    throw .invalidConfiguration(path: path, reason: "expected an object")
                }
                assetMappingByFormat[formatID] = try GoogleCustomNativeAssetMapping(json: object, path: path)
            }
        }
        clickAssetKey = info.string(InfoKey.clickAssetKey)
        requiredKeys = try Self.parseStrings(info[InfoKey.requiredKeys], path: InfoKey.requiredKeys)
            .map(NativeAdPropertyKey.init(rawValue:))
        customTargeting = try Self.parseTargeting(info[InfoKey.customTargeting])
        contentURL = info.string(InfoKey.contentURL)
        switch info[InfoKey.bindAssetViews] {
        case .none, .null?: bindsAssetViews = false
        case .bool(let value)?: bindsAssetViews = value
        case let other?:
            throw .invalidConfiguration(path: InfoKey.bindAssetViews, reason: "expected a Boolean, got \(other)")
        }
    }

    /// The mapping for ads of `formatID`: the format's own, else the line's, else the default.
    public func assetMapping(forFormatID formatID: String) -> GoogleCustomNativeAssetMapping {
        assetMappingByFormat[formatID] ?? assetMapping ?? .defaultMapping(forFormatID: formatID)
    }

    private static func parseFormatIDs(_ value: JSONValue?) throws(MediationError) -> [String] {
        let key = InfoKey.formatIDs
        let ids: [String]
        switch value {
        case .none, .null?:
            throw .missingRequiredInfo(key: key)
        case .string(let text)?:
            ids = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            guard !ids.isEmpty else { throw .missingRequiredInfo(key: key) }
        case .number?:
            ids = value?.stringValue.map { [$0] } ?? []
        case .array?:
            ids = try parseStrings(value, path: key)
            guard !ids.isEmpty else {
                throw .invalidConfiguration(path: key, reason: "expected at least one format ID")
            }
        case .bool?, .object?:
            throw .invalidConfiguration(
                path: key, reason: "expected an array of format IDs or a comma-separated string")
        }
        var seen = Set<String>()
        return ids.filter { seen.insert($0).inserted }
    }

    private static func parseStrings(_ value: JSONValue?, path: String) throws(MediationError) -> [String] {
        switch value {
        case .none, .null?:
            return []
        case .array(let items)?:
            var strings: [String] = []
            for (index, item) in items.enumerated() {
                guard let text = item.stringValue, !text.isEmpty else {
                    throw .invalidConfiguration(path: "\(path)[\(index)]", reason: "expected a non-empty string")
                }
                strings.append(text)
            }
            return strings
        case .some(let single):
            guard let text = single.stringValue, !text.isEmpty else {
                throw .invalidConfiguration(path: path, reason: "expected an array of strings")
            }
            return [text]
        }
    }

    private static func parseTargeting(_ value: JSONValue?) throws(MediationError) -> [String: String] {
        guard let value, value != .null else { return [:] }
        guard let object = value.objectValue else {
            throw .invalidConfiguration(path: InfoKey.customTargeting, reason: "expected an object of strings")
        }
        var targeting: [String: String] = [:]
        for key in object.keys.sorted() {
            guard let text = object[key]?.stringValue else {
                throw .invalidConfiguration(
                    path: "\(InfoKey.customTargeting).\(key)", reason: "expected a string or a number")
            }
            targeting[key] = text
        }
        return targeting
    }
}
