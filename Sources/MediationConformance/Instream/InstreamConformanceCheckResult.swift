/// The result of one in-stream check: pass, fail or skip, with a one-line reason.
public struct InstreamConformanceCheckResult: Sendable, Hashable {
    /// The check.
    public var check: InstreamConformanceCheck
    /// Its outcome.
    public var status: ConformanceCheckResult.Status
    /// What was observed.
    public var reason: String

    /// Creates a result.
    public init(check: InstreamConformanceCheck, status: ConformanceCheckResult.Status, reason: String) {
        self.check = check
        self.status = status
        self.reason = reason.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    /// Passed when `condition` holds, else failed; both with `reason`.
    static func expect(_ check: InstreamConformanceCheck, _ condition: Bool, _ reason: String) -> Self {
        Self(check: check, status: condition ? .passed : .failed, reason: reason)
    }
}
