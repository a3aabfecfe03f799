import Foundation

/// A `ClosedCaptionFile` (VAST 4.1).
public struct VASTClosedCaptionFile: Sendable, Hashable {
    /// The file URL.
    public var url: URL
    /// `type` (MIME, e.g. `text/vtt`).
    public var mimeType: String?
    /// `language` (ISO 639-1, optionally with a locale).
    public var language: String?
}
