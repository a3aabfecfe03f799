import Foundation
import MediationBridge

/// Reads an OpenRTB Native response (1.0's `{"native": …}` wrapper or the 1.1+ bare object) and maps it onto the
/// unified ad: assets by the request's asset IDs, the link, the trackers, the privacy link.
///
/// - Strict: the markup must be valid JSON within ``limits``; a member of the wrong JSON type, a missing `link`
///   or `link.url`, an asset without exactly one of `title`/`img`/`video`/`data`, or a required request asset
///   absent from the response fails with ``MediationBridge/MediationError/invalidBidMarkup(path:reason:)``
///   naming the JSON path.
/// - Safe: `jstracker`, JavaScript event trackers (method 2) and any script are never kept, fired or run; URLs go
///   through the ``MediationBridge/MediationURLPolicy`` (trackers must be network URLs, the click URL a click
///   destination, images content URLs). Each such drop is listed in ``OpenRTBNativeAdMapping/dropped`` with its
///   path, and the ad still maps.
/// - Assets are matched to the request by `id` (a response asset may also carry its own `type`); without a
///   request, an image's `type` decides, and an untyped image is the icon when square and at most 300 px wide,
///   the main image otherwise; an untyped data asset with no request is dropped.
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
        state.mapping.version = try native.optionalString("ver")
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
}
