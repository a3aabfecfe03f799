import Foundation
import MediationBridge

/// The work of one ``OpenRTBNativeAdMapper/map(data:)`` call: what has been read so far.
struct MappingState {
    let mapper: OpenRTBNativeAdMapper
    var mapping = OpenRTBNativeAdMapping()
    /// The request asset IDs answered so far.
    var answeredIDs: Set<Int> = []
    /// The expanded auction macros met so far, by macro (`AUCTION_PRICE`).
    var macroTexts: [String: String] = [:]
    /// The keys that hold an untyped image (its key guessed from its size), with the path of its URL: a typed
    /// image for the same key takes its place.
    var untypedImagePaths: [NativeAdPropertyKey: OpenRTBJSONPath] = [:]

    init(mapper: OpenRTBNativeAdMapper) {
        self.mapper = mapper
    }

    mutating func drop(_ path: String, _ reason: String) {
        mapping.dropped.append(OpenRTBDrop(path: path, reason: reason))
        mapping.properties.recordDroppedValue(at: path, reason: reason)
    }

    mutating func drop(_ location: OpenRTBJSONPath, _ reason: String) {
        drop(location.text, reason)
    }

    mutating func finish() -> OpenRTBNativeAdMapping {
        mapping
    }

    mutating func set(_ value: NativeAdValue, for key: NativeAdPropertyKey, at path: OpenRTBJSONPath)
        throws(MediationError)
    {
        guard mapping.properties[key] == nil else {
            drop(path, "a second value for '\(key)'; the first is kept")
            return
        }
        do {
            try mapping.properties.set(value, for: key)
        } catch {
            throw .invalidBidMarkup(path: path.text, reason: "\(error)")
        }
        if let refused = mapping.properties.refusedURLs[key] {
            drop(path, "URL refused by the URL policy: \(refused.prefix(80))")
        }
    }

    /// `text` as a URL the policy allows (a network URL, or a click destination when `forClick`), or `nil` with
    /// the drop recorded (``readURL(_:forClick:)``).
    mutating func url(_ text: String, at path: OpenRTBJSONPath, forClick: Bool = false) -> URL? {
        let read = readURL(text, forClick: forClick)
        if let refusal = read.refusal { drop(path, refusal) }
        return read.url
    }

    /// `text` read as exchanges write URLs and checked: whitespace around it trimmed, a protocol-relative
    /// `//host/path` read as `https` (``MediationBridge/MediationURLPolicy/resolvingProtocolRelative(_:)``, the
    /// rule every reader shares), then a URL the policy allows: a network URL (cleartext `http` refused, as for
    /// anything the SDK fetches), or a click destination when `forClick` (an `http` landing page allowed: the
    /// browser opens it). Gives the URL, or why it was refused.
    func readURL(_ text: String, forClick: Bool) -> (url: URL?, refusal: String?) {
        guard text.utf8.count <= mapper.limits.maximumURLBytes else {
            return (nil, "a URL of \(text.utf8.count) bytes, over the limit of \(mapper.limits.maximumURLBytes)")
        }
        let written = MediationURLPolicy.resolvingProtocolRelative(text.trimmingCharacters(in: .whitespacesAndNewlines))
        guard let url = URL(string: written) else { return (nil, "not a URL") }
        if forClick {
            guard mapper.urlPolicy.isAllowedClickURL(url) else {
                return (nil, "URL refused: not an http(s) URL or a deep link the host declared")
            }
        } else {
            guard MediationURLPolicy.isAllowedContentURL(url) else { return (nil, "URL refused: not an http(s) URL") }
            if let why = mapper.urlPolicy.cleartextRefusal(of: url) { return (nil, "URL refused: \(why)") }
        }
        return (url, nil)
    }

    /// A tracker URL: macros expanded, then checked.
    mutating func trackerURL(_ text: String, at path: OpenRTBJSONPath) -> URL? {
        url(expandMacros(text), at: path)
    }

    /// `text` with its auction macros expanded (``MediationBridge/AuctionMacroExpander``), each macro's value
    /// worked out once per markup.
    mutating func expandMacros(_ text: String) -> String {
        AuctionMacroExpander.expand(text, with: mapper.macroValues, cache: &macroTexts)
    }

    // MARK: Assets

    mutating func readAssets(of native: OpenRTBJSONNode) throws(MediationError) {
        guard let assets = native.member("assets") else {
            if native.member("assetsurl") != nil || native.member("dcourl") != nil {
                throw .invalidBidMarkup(
                    path: native.path + ".assets", reason: "missing; assetsurl and dcourl are not fetched")
            }
            throw .invalidBidMarkup(path: native.path + ".assets", reason: "missing")
        }
        for asset in try assets.elements(maximumCount: mapper.limits.maximumAssets) {
            try readAsset(asset)
        }
        if let request = mapper.request {
            for asset in request.assets where asset.isRequired && !answeredIDs.contains(asset.id) {
                throw .invalidBidMarkup(
                    path: assets.path, reason: "required asset \(asset.id) (\(asset.kindName)) is missing")
            }
        }
    }

    private mutating func readAsset(_ asset: OpenRTBJSONNode) throws(MediationError) {
        try asset.requireObject()
        let id = try asset.optionalInteger("id")
        _ = try asset.optionalInteger("required")
        var kind: String?
        var kindCount = 0
        for candidate in Self.assetKinds where asset.hasMember(candidate) {
            kind = candidate
            kindCount += 1
        }
        if kindCount == 0, asset.hasMember("link") {
            // Native 1.2 (§5.2): an asset may carry only a link, the link of a clickable element the ad shows.
            drop(asset.location, "an asset with only a link shows nothing; the ad's link is the click destination")
            return
        }
        guard kindCount == 1, let kind, let body = asset.member(kind) else {
            let kinds = Self.assetKinds.filter { asset.hasMember($0) }
            throw .invalidBidMarkup(
                path: asset.path,
                reason:
                    "expected exactly one of title, img, video, data; got \(kinds.isEmpty ? "none" : kinds.joined(separator: ", "))"
            )
        }
        try body.requireObject()
        if asset.hasMember("link") {
            drop(OpenRTBJSONPath.member(asset.location, "link"), "an asset's own link is not used; the ad's link is")
        }
        var requested: OpenRTBNativeRequestAsset?
        if let id, let request = mapper.request {
            guard let match = request.asset(id: id) else {
                drop(asset.location, "asset \(id) was not requested")
                return
            }
            requested = match
        }
        if let id, answeredIDs.contains(id) {
            drop(asset.location, "a second asset with id \(id); the first is kept")
            return
        }
        let mapped: Bool
        switch kind {
        case "title": mapped = try readTitle(body, requested: requested)
        case "img": mapped = try readImage(body, requested: requested)
        case "video": mapped = try readVideo(body, requested: requested)
        default: mapped = try readData(body, requested: requested)
        }
        if mapped, let id { answeredIDs.insert(id) }
    }

    /// The members of which an asset holds exactly one.
    private static let assetKinds = ["title", "img", "video", "data"]

    private mutating func mismatched(_ body: OpenRTBJSONNode, _ requested: OpenRTBNativeRequestAsset?) -> Bool {
        guard let requested else { return false }
        drop(body.location, "asset \(requested.id) was requested as \(requested.kindName)")
        return true
    }

    private mutating func readTitle(_ body: OpenRTBJSONNode, requested: OpenRTBNativeRequestAsset?)
        throws(MediationError) -> Bool
    {
        let text = try body.requiredMember("text").string()
        if let requested, case .title = requested.kind {} else if mismatched(body, requested) { return false }
        guard !text.isEmpty else {
            drop(OpenRTBJSONPath.member(body.location, "text"), "empty")
            return false
        }
        try set(.text(text), for: OpenRTBNativeAssetMapping.titleKey, at: OpenRTBJSONPath.member(body.location, "text"))
        return true
    }

    private mutating func readImage(_ body: OpenRTBJSONNode, requested: OpenRTBNativeRequestAsset?)
        throws(MediationError) -> Bool
    {
        let urlNode = try body.requiredMember("url")
        let text = try urlNode.string()
        let width = try body.optionalInteger("w")
        let height = try body.optionalInteger("h")
        var type = try body.optionalInteger("type")
        if let requested {
            guard case .image(let requestedType, _, _) = requested.kind else {
                _ = mismatched(body, requested)
                return false
            }
            type = requestedType
        }
        let resolvedType: Int
        if let type {
            resolvedType = type
        } else if let width, let height, width == height, width <= 300 {
            resolvedType = 1
        } else {
            resolvedType = 3
        }
        guard let url = url(text, at: urlNode.location) else { return false }
        var size: ImageSize?
        if let width, let height, width > 0, height > 0 {
            size = ImageSize(width: Double(width), height: Double(height))
        }
        let key = OpenRTBNativeAssetMapping.key(forImageType: resolvedType)
        // A typed image wins over an untyped one for its key, whichever comes first; between two of a kind, the
        // first is kept (``set(_:for:at:)``).
        if type == nil, mapping.properties[key] != nil, untypedImagePaths[key] == nil {
            drop(urlNode.location, "an untyped image; '\(key)' holds a typed image")
            return false
        }
        if type != nil, let untyped = untypedImagePaths.removeValue(forKey: key) {
            try mapping.properties.set(nil, for: key)
            drop(untyped, "an untyped image; the image typed \(resolvedType) at \(urlNode.path) is the '\(key)'")
        }
        try set(.image(AdImage(url: url, size: size)), for: key, at: urlNode.location)
        guard mapping.properties[key] != nil else { return false }
        if type == nil { untypedImagePaths[key] = urlNode.location }
        return true
    }

    private mutating func readVideo(_ body: OpenRTBJSONNode, requested: OpenRTBNativeRequestAsset?)
        throws(MediationError) -> Bool
    {
        let tag = try body.requiredMember("vasttag").string()
        if let requested, case .video = requested.kind {} else if mismatched(body, requested) { return false }
        guard tag.utf8.count <= NativeAdProperties.maximumTextBytes else {
            drop(
                OpenRTBJSONPath.member(body.location, "vasttag"),
                "a VAST document of \(tag.utf8.count) bytes, over the limit of "
                    + "\(NativeAdProperties.maximumTextBytes)")
            return false
        }
        try set(
            .text(tag), for: OpenRTBNativeAssetMapping.vastTagKey, at: OpenRTBJSONPath.member(body.location, "vasttag"))
        return true
    }

    private mutating func readData(_ body: OpenRTBJSONNode, requested: OpenRTBNativeRequestAsset?)
        throws(MediationError) -> Bool
    {
        let valueNode = try body.requiredMember("value")
        let value = try valueNode.stringOrNumberText()
        var type = try body.optionalInteger("type")
        if let requested {
            guard case .data(let requestedType, _) = requested.kind else {
                _ = mismatched(body, requested)
                return false
            }
            type = requestedType
        }
        guard let type else {
            drop(body.location, "a data asset with no type and no request asset to say what it is")
            return false
        }
        guard let key = OpenRTBNativeAssetMapping.key(forDataType: type) else {
            drop(body.location, "data type \(type) has no unified key")
            return false
        }
        guard !value.isEmpty else {
            drop(valueNode.location, "empty")
            return false
        }
        if key == .starRating {
            guard let rating = JSONDocument.decimal(value), NativeAdProperties.starRatingRange.contains(rating) else {
                drop(valueNode.location, "a rating must be a number in 0...5")
                return false
            }
            try set(.number(rating), for: key, at: valueNode.location)
        } else {
            try set(.text(value), for: key, at: valueNode.location)
        }
        return true
    }
}
