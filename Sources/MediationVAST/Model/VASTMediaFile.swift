import Foundation

/// One `MediaFile` of a linear creative, with every attribute VAST 2.0–4.3 defines.
public struct VASTMediaFile: Sendable, Hashable {
    /// How the file is delivered (`delivery`).
    public enum Delivery: String, Sendable, Hashable {
        /// Downloaded over HTTP progressively.
        case progressive
        /// Streamed (HLS, DASH…).
        case streaming
    }

    /// The file URL, made from its text when asked for.
    public var url: URL {
        get { urlText.url }
        set { urlText = VASTURLText(newValue) }
    }
    /// The URL's text.
    var urlText: VASTURLText
    /// `id`, when given.
    public var id: String?
    /// `delivery`; `nil` when missing or unknown (required by the spec; read leniently).
    public var delivery: Delivery?
    /// The MIME type (`type`), as written.
    public var mimeType: String
    /// `width` in pixels (0 for audio).
    public var width: Int
    /// `height` in pixels (0 for audio).
    public var height: Int
    /// `codec` (RFC 6381), when given.
    public var codec: String?
    /// `bitrate` in kbit/s, when given.
    public var bitrate: Int?
    /// `minBitrate` in kbit/s (streaming), when given.
    public var minBitrate: Int?
    /// `maxBitrate` in kbit/s (streaming), when given.
    public var maxBitrate: Int?
    /// `scalable`, when given.
    public var scalable: Bool?
    /// `maintainAspectRatio`, when given.
    public var maintainAspectRatio: Bool?
    /// `apiFramework` (`VPAID`…), when given: such a file needs code the player will not run.
    public var apiFramework: String?
    /// `fileSize` in bytes (VAST 4.1), when given.
    public var fileSize: Int?
    /// `mediaType` (`2D`, `3D`, `360`; VAST 4.1), when given.
    public var mediaType: String?
}
