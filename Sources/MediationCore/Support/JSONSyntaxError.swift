/// Why a JSON document could not be read: the byte offset, the JSON path of the value being read, and the
/// reason ("unexpected end of input in a string", "invalid UTF-8", "nesting deeper than 64", …).
public struct JSONSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The offset of the offending byte from the start of the document (the length of the document when the
    /// input ended too early).
    public var byteOffset: Int
    /// The JSON path of the value being read (`$.ad-responses[2].metadata.x-ecpm`); `$` at the top.
    public var path: String
    /// What is wrong.
    public var reason: String

    /// Creates the error.
    public init(byteOffset: Int, path: String, reason: String) {
        self.byteOffset = byteOffset
        self.path = path
        self.reason = reason
    }

    /// `PATH: not valid JSON: REASON (byte N)`.
    public var description: String {
        "\(path): not valid JSON: \(reason) (byte \(byteOffset))"
    }

    /// The error as ``MediationError/invalidConfiguration(path:reason:)``.
    public var mediationError: MediationError {
        .invalidConfiguration(path: path, reason: "not valid JSON: \(reason) (byte \(byteOffset))")
    }
}
