/// Everything wrong with an ad response, collected in one pass so that a linter can show all of it.
public struct AdResponseParsingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The problems, in document order; never empty. Each is
    /// ``MediationError/invalidConfiguration(path:reason:)`` with the JSON path of the bad value.
    public var errors: [MediationError]

    /// Creates the error from at least one problem.
    public init(errors: [MediationError]) {
        self.errors =
            errors.isEmpty ? [.invalidConfiguration(path: "$", reason: "invalid ad response")] : errors
    }

    /// The first problem, for callers that report one error.
    public var firstError: MediationError { errors.first ?? .invalidConfiguration(path: "$", reason: "invalid") }

    /// One problem per line, each as `PATH: REASON`.
    public var description: String {
        errors.map(\.description).joined(separator: "\n")
    }
}
