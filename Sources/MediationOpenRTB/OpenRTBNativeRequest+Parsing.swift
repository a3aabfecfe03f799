import Foundation
import MediationBridge

extension OpenRTBNativeRequest {
    /// Reads a Native 1.2 request (the root object, or 1.0's `{"native": …}` wrapper), as a line's custom-event
    /// info or a bid request's `imp.native.request` carries it: the asset IDs, `required` flags and kinds.
    ///
    /// - Throws: ``MediationBridge/MediationError/invalidConfiguration(path:reason:)`` naming the JSON path.
    public init(json: JSONValue) throws(MediationError) {
        do {
            self = try Self.read(OpenRTBJSONNode(value: json, path: "$"))
        } catch {
            if case .invalidBidMarkup(let path, let reason) = error {
                throw .invalidConfiguration(path: path, reason: reason)
            }
            throw error
        }
    }

    /// Reads a Native request from its JSON text; see ``init(json:)``.
    public init(jsonString: String) throws(MediationError) {
        let document: JSONDocument
        do {
            document = try JSONDocument.parse(jsonString)
        } catch {
            throw .invalidConfiguration(path: error.path, reason: "not valid JSON: \(error.reason)")
        }
        try self.init(json: document.root)
    }

    private static func read(_ root: OpenRTBJSONNode) throws(MediationError) -> OpenRTBNativeRequest {
        _ = try root.object()
        let native = root.member("native") ?? root
        var assets: [OpenRTBNativeRequestAsset] = []
        var ids: Set<Int> = []
        for node in try native.requiredMember("assets").elements(maximumCount: 64) {
            let id = try node.requiredMember("id").integer()
            guard ids.insert(id).inserted else {
                throw .invalidBidMarkup(path: node.path + ".id", reason: "asset id \(id) is used twice")
            }
            let required = (try node.optionalInteger("required") ?? 0) == 1
            let kind: OpenRTBNativeRequestAsset.Kind
            if let title = node.member("title") {
                kind = .title(maximumLength: try title.optionalInteger("len") ?? 90)
            } else if let image = node.member("img") {
                let width = try image.optionalInteger("w")
                let height = try image.optionalInteger("h")
                kind = .image(
                    type: try image.optionalInteger("type") ?? 3,
                    minimumWidth: try image.optionalInteger("wmin") ?? width,
                    minimumHeight: try image.optionalInteger("hmin") ?? height)
            } else if let data = node.member("data") {
                kind = .data(
                    type: try data.requiredMember("type").integer(), maximumLength: try data.optionalInteger("len"))
            } else if let video = node.member("video") {
                var mimes: [String] = []
                for mime in try video.member("mimes")?.elements(maximumCount: 32) ?? [] {
                    mimes.append(try mime.string())
                }
                var protocols: [Int] = []
                for item in try video.member("protocols")?.elements(maximumCount: 32) ?? [] {
                    protocols.append(try item.integer())
                }
                kind = .video(
                    mimeTypes: mimes, minimumDuration: try video.optionalInteger("minduration") ?? 0,
                    maximumDuration: try video.optionalInteger("maxduration") ?? 0, protocols: protocols)
            } else {
                throw .invalidBidMarkup(path: node.path, reason: "expected one of title, img, video, data")
            }
            assets.append(OpenRTBNativeRequestAsset(id: id, isRequired: required, kind: kind))
        }
        var events: [Int] = []
        for tracker in try native.member("eventtrackers")?.elements(maximumCount: 32) ?? [] {
            events.append(try tracker.requiredMember("event").integer())
        }
        var request = OpenRTBNativeRequest(
            assets: assets, placementType: try native.optionalInteger("plcmttype") ?? 1,
            context: try native.optionalInteger("context"), supportedEvents: events,
            supportsPrivacy: (try native.optionalInteger("privacy") ?? 0) == 1)
        request.version = try native.optionalString("ver") ?? request.version
        return request
    }
}
