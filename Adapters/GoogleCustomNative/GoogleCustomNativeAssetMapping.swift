import MediationBridge

/// Which asset of a custom native format fills which unified key (asset name → key).
///
/// Custom formats are defined by each publisher in Ad Manager, so the line's info names the mapping. Without
/// one, ``googleSample`` applies: the assets of Google's sample formats 12387226 and 10063170 (`Headline`,
/// `MainImage`, `Caption`), the names Google's own examples use. Assets the mapping does not name pass through
/// as extras under their own names.
public struct GoogleCustomNativeAssetMapping: Sendable, Hashable {
    /// The unified key of each mapped asset, by asset name.
    public private(set) var keysByAssetName: [String: NativeAdPropertyKey]

    /// The format IDs of Google's sample custom formats: 12387226 (ad unit `/21775744923/example/native`) and the
    /// older 10063170.
    public static let sampleFormatIDs: Set<String> = ["12387226", "10063170"]

    /// The sample formats' assets: `Headline` → title, `MainImage` → main image, `Caption` → text.
    public static let googleSample = GoogleCustomNativeAssetMapping(
        uncheckedKeys: ["Headline": .title, "MainImage": .mainImage, "Caption": .text])

    /// Keys the adapter fills itself, which no asset may be mapped onto: the main media (from the media content)
    /// and the privacy icon (from the AdChoices asset).
    public static let reservedKeys: Set<NativeAdPropertyKey> = [.mainMedia, .privacyIcon]

    /// Creates a mapping, checking that no two assets share a key and no asset takes a reserved key.
    ///
    /// - Throws: ``MediationError/invalidConfiguration(path:reason:)`` with `path` naming the mapping.
    public init(_ keysByAssetName: [String: NativeAdPropertyKey], path: String = "assetMapping")
        throws(MediationError)
    {
        var assetByKey: [NativeAdPropertyKey: String] = [:]
        for assetName in keysByAssetName.keys.sorted() {
            guard let key = keysByAssetName[assetName] else { continue }
            guard !assetName.isEmpty else {
                throw .invalidConfiguration(path: path, reason: "an asset name must not be empty")
            }
            guard !Self.reservedKeys.contains(key) else {
                throw .invalidConfiguration(
                    path: "\(path).\(assetName)",
                    reason: "'\(key)' is filled by the adapter itself (media content or AdChoices asset)")
            }
            if let other = assetByKey[key] {
                throw .invalidConfiguration(
                    path: path, reason: "assets '\(other)' and '\(assetName)' both map onto '\(key)'")
            }
            assetByKey[key] = assetName
        }
        self.keysByAssetName = keysByAssetName
    }

    private init(uncheckedKeys: [String: NativeAdPropertyKey]) {
        keysByAssetName = uncheckedKeys
    }

    /// Parses a JSON object of asset name → unified key name (such as `{"Headline": "title"}`).
    ///
    /// - Throws: ``MediationError/invalidConfiguration(path:reason:)`` naming the bad member.
    public init(json: [String: JSONValue], path: String) throws(MediationError) {
        var keys: [String: NativeAdPropertyKey] = [:]
        for assetName in json.keys.sorted() {
            guard case .string(let keyName)? = json[assetName], !keyName.isEmpty else {
                throw .invalidConfiguration(
                    path: "\(path).\(assetName)", reason: "expected a unified key name such as \"title\"")
            }
            keys[assetName] = NativeAdPropertyKey(rawValue: keyName)
        }
        try self.init(keys, path: path)
    }

    /// The mapping used for `formatID` when the line's info names none: ``googleSample`` for every format.
    public static func defaultMapping(forFormatID formatID: String) -> GoogleCustomNativeAssetMapping {
        googleSample
    }

    /// The unified key the asset named `assetName` fills, or `nil` when it passes through as an extra.
    public func key(forAsset assetName: String) -> NativeAdPropertyKey? {
        keysByAssetName[assetName]
    }

    /// The name of the asset that fills `key`, or `nil`.
    public func assetName(for key: NativeAdPropertyKey) -> String? {
        keysByAssetName.first { $0.value == key }?.key
    }

    /// The mapped asset names, sorted.
    public var assetNames: [String] { keysByAssetName.keys.sorted() }
}
