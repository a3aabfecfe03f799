/// Why a JSON document could not be read: the byte offset, the JSON path of the value being read, and the
/// reason ("unexpected end of input in a string", "invalid UTF-8", "nesting deeper than 64", …).
public struct JSONSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The offset of the offending byte from the start of the document (the length of the document when the
    /// input ended too early).
    package var byteOffset: Int
    /// The JSON path of the value being read (`$.ad-responses[2].metadata.x-ecpm`); `$` at the top.
    package var path: String
    /// What is wrong.
    package var reason: String
    /// Whether the document may be valid JSON but is over a limit of the reader (too many values, or elements
    /// in one array or object); reading stopped there, before anything past the limit was kept.
    package var exceedsLimit: Bool

    /// Creates the error.
    package init(byteOffset: Int, path: String, reason: String, exceedsLimit: Bool = false) {
        self.byteOffset = byteOffset
        self.path = path
        self.reason = reason
        self.exceedsLimit = exceedsLimit
    }

    /// `PATH: not valid JSON: REASON (byte N)`, or `PATH: over a limit: REASON (byte N)` when
    /// a reading limit was exceeded.
    public var description: String {
        "\(path): \(summary)"
    }

    /// The error as ``MediationError/invalidConfiguration(path:reason:)``.
    package var mediationError: MediationError {
        .invalidConfiguration(path: path, reason: summary)
    }

    /// The description without the path.
    var summary: String {
        "\(exceedsLimit ? "over a limit" : "not valid JSON"): \(reason) (byte \(byteOffset))"
    }
}
