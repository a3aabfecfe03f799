/// One asset of an OpenRTB Native 1.2 request (§4.2): what the host asks a bidder for, under an ID the response
/// echoes.
public struct OpenRTBNativeRequestAsset: Sendable, Hashable {
    /// What the asset is.
    public enum Kind: Sendable, Hashable {
        /// A title of at most `maximumLength` characters.
        case title(maximumLength: Int)
        /// An image of Native image type `type` (1 icon, 3 main, 500+ exchange-specific), at least
        /// `minimumWidth` × `minimumHeight` pixels when given.
        case image(type: Int, minimumWidth: Int?, minimumHeight: Int?)
        /// A data asset of Native data type `type` (1 sponsored … 12 CTA text), at most `maximumLength` characters
        /// when given.
        case data(type: Int, maximumLength: Int?)
        /// A video, as VAST, of the given MIME types and duration bounds in seconds.
        case video(mimeTypes: [String], minimumDuration: Int, maximumDuration: Int, protocols: [Int])
    }

    /// The asset's ID, unique within the request; the response's asset with the same ID answers it.
    public var id: Int
    /// Whether a response without this asset is invalid.
    public var isRequired: Bool
    /// What the asset is.
    public var kind: Kind

    /// Creates an asset.
    public init(id: Int, isRequired: Bool, kind: Kind) {
        self.id = id
        self.isRequired = isRequired
        self.kind = kind
    }

    /// A short name for traces: `title`, `img type 3`, `data type 2`, `video`.
    public var kindName: String {
        switch kind {
        case .title: "title"
        case .image(let type, _, _): "img type \(type)"
        case .data(let type, _): "data type \(type)"
        case .video: "video"
        }
    }
}
