/// Everything wrong with an ad response, collected in one pass so that a linter can show all of it.
public struct AdResponseParsingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The problems, in document order; never empty. Each is
    /// ``MediationError/invalidConfiguration(path:reason:)`` with the JSON path of the bad value.
    public var errors: [MediationError]
    /// Why the bytes could not be read as JSON at all (not JSON, not UTF-8, or over a reading limit such as
    /// ``AdResponseLimits/maximumJSONValues``), with the byte offset; `nil` when they were JSON but not a valid
    /// ad response. The matching ``MediationError`` is then the one entry of ``errors``.
    public var syntaxError: JSONSyntaxError?

    /// Creates the error from at least one problem.
    package init(errors: [MediationError], syntaxError: JSONSyntaxError? = nil) {
        self.errors =
            errors.isEmpty ? [.invalidConfiguration(path: "$", reason: "invalid ad response")] : errors
        self.syntaxError = syntaxError
    }

    /// The first problem, for callers that report one error.
    package var firstError: MediationError { errors.first ?? .invalidConfiguration(path: "$", reason: "invalid") }

    /// One problem per line, each as `PATH: REASON`.
    public var description: String {
        errors.map(\.description).joined(separator: "\n")
    }
}
