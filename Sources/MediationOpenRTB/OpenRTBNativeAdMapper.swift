import Foundation
import MediationBridge

/// Reads an OpenRTB Native response (1.0's `{"native": …}` wrapper or the 1.1+ bare object) and maps it onto the
/// unified ad: assets by the request's asset IDs, the link, the trackers, the privacy link.
///
/// - Strict: the markup must be valid JSON within ``limits``; a member of the wrong JSON type, a missing `link`
///   or `link.url`, a `link` with neither a usable `url` nor a usable `fallback` (an ad the user cannot click is
///   not a fill), an asset with none of `title`/`img`/`video`/`data` and no `link` or with more than one, or a
///   required request asset absent from the response fails with
///   ``MediationBridge/MediationError/invalidBidMarkup(path:reason:)`` naming the JSON path.
/// - URLs are read as exchanges write them: whitespace around them trimmed, a protocol-relative `//host/path` as
///   `https` (the rule the VAST reader and the ad-response parser share).
/// - Safe: `jstracker`, JavaScript event trackers (method 2) and any script are never kept, fired or run; URLs go
///   through the ``MediationBridge/MediationURLPolicy``: trackers and images must be network URLs (cleartext
///   `http` refused, as for anything the SDK fetches), the click URL and the privacy link click destinations (an
///   `http` landing page taken: the browser opens it). Each such drop is listed in
///   ``OpenRTBNativeAdMapping/dropped`` with its path, and the ad still maps.
/// - Assets are matched to the request by `id` (a response asset may also carry its own `type`); without a
///   request, an image's `type` decides, and an untyped image is the icon when square and at most 300 px wide,
///   the main image otherwise, unless a typed image holds that key (a typed image wins, in either order); an
///   untyped data asset with no request is dropped. An asset with only a `link` (Native 1.2 allows it) shows
///   nothing and is dropped; the ad's `link` is the click destination.
/// - Trackers have their `${AUCTION_…}` macros expanded with ``macroValues`` (``MediationBridge/AuctionMacroExpander``).
public struct OpenRTBNativeAdMapper: Sendable {
    /// The request the bid answers, for the asset IDs; `nil` when unknown.
    public var request: OpenRTBNativeRequest?
    /// Which URLs may be fired and opened.
    public var urlPolicy: MediationURLPolicy
    /// The bounds on the markup.
    public var limits: OpenRTBNativeMarkupLimits
    /// The values for the trackers' auction macros.
    public var macroValues: AuctionMacroValues

    /// Creates a mapper.
    public init(
        request: OpenRTBNativeRequest? = nil, urlPolicy: MediationURLPolicy = .default,
        limits: OpenRTBNativeMarkupLimits = .default, macroValues: AuctionMacroValues = AuctionMacroValues()
    ) {
        self.request = request
        self.urlPolicy = urlPolicy
        self.limits = limits
        self.macroValues = macroValues
    }

    /// Maps the markup text (a bid's `adm`).
    ///
    /// - Throws: ``MediationBridge/MediationError/invalidBidMarkup(path:reason:)`` naming the JSON path.
    public func map(markup: String) throws(MediationError) -> OpenRTBNativeAdMapping {
        try map(data: Data(markup.utf8))
    }

    /// Maps the markup bytes.
    ///
    /// - Throws: ``MediationBridge/MediationError/invalidBidMarkup(path:reason:)`` naming the JSON path.
    public func map(data: Data) throws(MediationError) -> OpenRTBNativeAdMapping {
        guard data.count <= limits.maximumMarkupBytes else {
            throw .invalidBidMarkup(
                path: "$", reason: "markup of \(data.count) bytes, over the limit of \(limits.maximumMarkupBytes)")
        }
        var parser = JSONDocumentParser(
            bytes: [UInt8](data), maximumDepth: limits.maximumDepth, maximumValues: limits.maximumValues)
        let document: JSONDocument
        do {
            document = try parser.parseDocument()
        } catch {
            let kind = error.exceedsLimit ? "over a limit" : "not valid JSON"
            throw .invalidBidMarkup(path: error.path, reason: "\(kind): \(error.reason) (byte \(error.byteOffset))")
        }
        return try map(root: OpenRTBJSONNode(value: document.root, path: "$"))
    }

    /// Maps an already parsed Native response (the root object, wrapped or not).
    func map(root: OpenRTBJSONNode) throws(MediationError) -> OpenRTBNativeAdMapping {
        try root.requireObject()
        var native = root
        if let wrapped = root.member("native") {
            try wrapped.requireObject()
            native = wrapped
        }
        var state = MappingState(mapper: self)
        state.mapping.version = try Self.version(of: native)
        try state.readAssets(of: native)
        try state.readLink(try native.requiredMember("link"))
        try state.readImpressionTrackers(of: native)
        try state.readEventTrackers(of: native)
        if let script = native.member("jstracker") {
            _ = try script.string()
            state.drop(script.location, "JavaScript tracker never executed")
        }
        if let privacy = native.member("privacy") {
            if let url = state.url(try privacy.string(), at: privacy.location, forClick: true) {
                try state.set(.url(url), for: .privacyClickURL, at: privacy.location)
            }
        }
        return state.finish()
    }

    /// `ver`: a string as Native 1.1+ writes it, or a number as some exchanges write it (`1.2`, `1`), read as
    /// its text (`"1.2"`, `"1"`); `nil` when absent.
    private static func version(of native: OpenRTBJSONNode) throws(MediationError) -> String? {
        guard let node = native.member("ver") else { return nil }
        if case .number = node.value { return try node.stringOrNumberText() }
        return try node.string()
    }
}
