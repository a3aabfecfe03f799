/// The result of one check on one adapter: pass, fail or skip, with a one-line reason.
public struct ConformanceCheckResult: Sendable, Hashable, Codable {
    /// Whether the adapter met the rule.
    public enum Status: String, Sendable, Hashable, Codable, CaseIterable {
        /// The adapter met the rule.
        case passed
        /// The adapter broke the rule; the reason says how.
        case failed
        /// The rule does not apply to this adapter (for example, it declares no required info); not a failure.
        case skipped
    }

    /// The check.
    public var check: ConformanceCheck
    /// Its outcome.
    public var status: Status
    /// One line: what was observed.
    public var reason: String

    /// Creates a result; newlines in `reason` are replaced by spaces so that it stays one line.
    public init(check: ConformanceCheck, status: Status, reason: String) {
        self.check = check
        self.status = status
        self.reason = reason.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    /// A passed result.
    public static func passed(_ check: ConformanceCheck, _ reason: String) -> Self {
        Self(check: check, status: .passed, reason: reason)
    }

    /// A failed result.
    public static func failed(_ check: ConformanceCheck, _ reason: String) -> Self {
        Self(check: check, status: .failed, reason: reason)
    }

    /// A skipped result.
    public static func skipped(_ check: ConformanceCheck, _ reason: String) -> Self {
        Self(check: check, status: .skipped, reason: reason)
    }

    private enum CodingKeys: String, CodingKey {
        case check = "name"
        case status
        case reason
    }
}
