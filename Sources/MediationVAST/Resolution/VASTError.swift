/// A VAST failure: the spec's error ``code``, what went wrong, and where (an element path such as
/// `VAST/Ad[1]/InLine/Creatives/Creative[2]/Linear`, or a wrapper URL).
public struct VASTError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The VAST error code (`[ERRORCODE]`).
    public var code: VASTErrorCode
    /// What went wrong, in words.
    public var message: String
    /// The element path or URL the failure is about, when there is one.
    public var path: String?

    /// Creates an error.
    public init(_ code: VASTErrorCode, _ message: String, path: String?) {
        self.code = code
        self.message = message
        self.path = path
    }

    /// `"VAST 403 at PATH: message"`.
    public var description: String {
        if let path { return "VAST \(code.rawValue) at \(path): \(message)" }
        return "VAST \(code.rawValue): \(message)"
    }
}
