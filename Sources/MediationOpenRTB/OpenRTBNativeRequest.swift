import Foundation
import MediationBridge

/// An OpenRTB Native 1.2 request (§4.1): the assets the host can render, sent as the string
/// `imp.native.request` of a bid request, and read back to understand the response's asset IDs.
///
/// Build it from what the renderer shows with ``init(wantedAssets:placementType:context:)``: each wanted unified
/// key becomes the Native asset that carries it (docs/openrtb.md, "Asset mapping"), required or optional, with
/// image sizes; the request asks for image-pixel event trackers (impression and the viewability events) and
/// says the host shows the privacy (AdChoices) link (`privacy: 1`).
public struct OpenRTBNativeRequest: Sendable, Hashable {
    /// The Native version: `1.2`.
    public var version: String
    /// The context type (1 content, 2 social, 3 product), when given.
    public var context: Int?
    /// The placement type `plcmttype` (1 in feed, 2 atomic unit, 3 outside the content, 4 recommendation).
    public var placementType: Int
    /// How many identical placements the request is for: 1.
    public var placementCount: Int
    /// The assets, with unique IDs.
    public var assets: [OpenRTBNativeRequestAsset]
    /// The event types (1 impression, 2–5 viewability) the host accepts trackers for; always by image pixel
    /// (method 1), never JavaScript.
    public var supportedEvents: [Int]
    /// Whether the host renders the privacy (AdChoices) link the response gives: `privacy: 1`.
    public var supportsPrivacy: Bool

    /// Creates a request from its assets.
    public init(
        assets: [OpenRTBNativeRequestAsset], placementType: Int = 1, context: Int? = nil,
        supportedEvents: [Int] = [1, 2, 3], supportsPrivacy: Bool = true
    ) {
        version = "1.2"
        self.context = context
        self.placementType = placementType
        placementCount = 1
        self.assets = assets
        self.supportedEvents = supportedEvents
        self.supportsPrivacy = supportsPrivacy
    }

    /// Creates the request that asks for what a renderer shows: one asset per wanted key that a Native asset
    /// carries, with IDs 1, 2, 3… in order.
    ///
    /// - Throws: ``MediationError/invalidConfiguration(path:reason:)`` naming `wantedAssets[N]` when a key has no
    ///   Native asset (such as `privacyclkurl`, which comes from the response's `privacy`) or comes twice.
    public init(wantedAssets: [OpenRTBWantedAsset], placementType: Int = 1, context: Int? = nil)
        throws(MediationError)
    {
        var assets: [OpenRTBNativeRequestAsset] = []
        var seen: Set<NativeAdPropertyKey> = []
        for (index, wanted) in wantedAssets.enumerated() {
            guard seen.insert(wanted.key).inserted else {
                throw .invalidConfiguration(path: "wantedAssets[\(index)]", reason: "'\(wanted.key)' is wanted twice")
            }
            guard let kind = OpenRTBNativeAssetMapping.requestKind(for: wanted.key, minimumSize: wanted.minimumSize)
            else {
                throw .invalidConfiguration(
                    path: "wantedAssets[\(index)]", reason: "no OpenRTB Native asset carries '\(wanted.key)'")
            }
            assets.append(OpenRTBNativeRequestAsset(id: assets.count + 1, isRequired: wanted.isRequired, kind: kind))
        }
        self.init(assets: assets, placementType: placementType, context: context)
    }

    /// The asset with ID `id`, if any.
    public func asset(id: Int) -> OpenRTBNativeRequestAsset? {
        assets.first { $0.id == id }
    }

    /// The request as a JSON value (the Native 1.2 root object, no `native` wrapper).
    public var jsonValue: JSONValue {
        var root: [String: JSONValue] = [
            "ver": .string(version),
            "plcmttype": .number(Double(placementType)),
            "plcmtcnt": .number(Double(placementCount)),
            "assets": .array(assets.map(Self.jsonValue(of:))),
            "eventtrackers": .array(
                supportedEvents.map { .object(["event": .number(Double($0)), "methods": .array([.number(1)])]) }),
            "privacy": .number(supportsPrivacy ? 1 : 0),
        ]
        if let context { root["context"] = .number(Double(context)) }
        return .object(root)
    }

    /// The request as the JSON text of `imp.native.request`, keys sorted (the same text as encoding
    /// ``jsonValue`` with sorted keys, written directly: a bid request carries it every time).
    public var jsonString: String {
        var text = "{\"assets\":["
        for (index, asset) in assets.enumerated() {
            if index > 0 { text += "," }
            text += Self.jsonText(of: asset)
        }
        text += "]"
        if let context { text += ",\"context\":\(context)" }
        text += ",\"eventtrackers\":["
        text += supportedEvents.map { "{\"event\":\($0),\"methods\":[1]}" }.joined(separator: ",")
        text += "],\"plcmtcnt\":\(placementCount),\"plcmttype\":\(placementType),\"privacy\":\(supportsPrivacy ? 1 : 0)"
        text += ",\"ver\":\(Self.quoted(version))}"
        return text
    }

    private static func jsonText(of asset: OpenRTBNativeRequestAsset) -> String {
        var body: String
        switch asset.kind {
        case .title(let length):
            body = "\"title\":{\"len\":\(length)}"
        case .image(let type, let width, let height):
            var members = [String]()
            if let height { members.append("\"hmin\":\(height)") }
            members.append("\"type\":\(type)")
            if let width { members.append("\"wmin\":\(width)") }
            body = "\"img\":{" + members.joined(separator: ",") + "}"
        case .data(let type, let length):
            body = "\"data\":{" + (length.map { "\"len\":\($0)," } ?? "") + "\"type\":\(type)}"
        case .video(let mimeTypes, let minimum, let maximum, let protocols):
            body =
                "\"required\":\(asset.isRequired ? 1 : 0),\"video\":{\"maxduration\":\(maximum),\"mimes\":["
                + mimeTypes.map(quoted).joined(separator: ",") + "],\"minduration\":\(minimum),\"protocols\":["
                + protocols.map(String.init).joined(separator: ",") + "]}"
            return "{\"id\":\(asset.id)," + body + "}"
        }
        // Keys sorted: "data" < "id" < "img" < "required" < "title" < "video".
        switch asset.kind {
        case .data: return "{" + body + ",\"id\":\(asset.id),\"required\":\(asset.isRequired ? 1 : 0)}"
        case .image: return "{\"id\":\(asset.id)," + body + ",\"required\":\(asset.isRequired ? 1 : 0)}"
        default: return "{\"id\":\(asset.id),\"required\":\(asset.isRequired ? 1 : 0)," + body + "}"
        }
    }

    /// `text` as a JSON string literal.
    private static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20: result += String(format: "\\u%04x", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    private static func jsonValue(of asset: OpenRTBNativeRequestAsset) -> JSONValue {
        var object: [String: JSONValue] = [
            "id": .number(Double(asset.id)), "required": .number(asset.isRequired ? 1 : 0),
        ]
        switch asset.kind {
        case .title(let length):
            object["title"] = .object(["len": .number(Double(length))])
        case .image(let type, let width, let height):
            var image: [String: JSONValue] = ["type": .number(Double(type))]
            if let width { image["wmin"] = .number(Double(width)) }
            if let height { image["hmin"] = .number(Double(height)) }
            object["img"] = .object(image)
        case .data(let type, let length):
            var data: [String: JSONValue] = ["type": .number(Double(type))]
            if let length { data["len"] = .number(Double(length)) }
            object["data"] = .object(data)
        case .video(let mimeTypes, let minimum, let maximum, let protocols):
            object["video"] = .object([
                "mimes": .array(mimeTypes.map { .string($0) }), "minduration": .number(Double(minimum)),
                "maxduration": .number(Double(maximum)), "protocols": .array(protocols.map { .number(Double($0)) }),
            ])
        }
        return .object(object)
    }
}
