import Foundation

/// A `Mezzanine` file (VAST 4): the raw high-quality file for server-side transcoding.
public struct VASTMezzanine: Sendable, Hashable {
    /// The file URL.
    public var url: URL
    /// `id`, when given.
    public var id: String?
    /// `delivery` as written.
    public var delivery: String?
    /// `type` (MIME).
    public var mimeType: String?
    /// `width`.
    public var width: Int?
    /// `height`.
    public var height: Int?
    /// `codec`.
    public var codec: String?
    /// `fileSize` in bytes.
    public var fileSize: Int?
    /// `mediaType`.
    public var mediaType: String?
}
