import Foundation

/// An `InteractiveCreativeFile` (VAST 4, e.g. SIMID): kept for a host that runs it; never executed here.
public struct VASTInteractiveCreativeFile: Sendable, Hashable {
    /// The file URL.
    public var url: URL
    /// `type` (MIME).
    public var mimeType: String?
    /// `apiFramework`.
    public var apiFramework: String?
    /// `variableDuration`.
    public var variableDuration: Bool?
}
