/// Something the parser read leniently or left out, with where: an ad left out for a schema error (its VAST
/// code is then set), or a value it could not read and ignored.
public struct VASTParseIssue: Sendable, Hashable, CustomStringConvertible {
    /// The VAST error code when an ad or creative was left out; `nil` for a value ignored with a warning.
    public var code: VASTErrorCode?
    /// What happened.
    public var message: String
    /// The element path.
    public var path: String

    /// `"PATH: message"`, with the code when there is one.
    public var description: String {
        if let code { return "\(path): VAST \(code.rawValue): \(message)" }
        return "\(path): \(message)"
    }
}
