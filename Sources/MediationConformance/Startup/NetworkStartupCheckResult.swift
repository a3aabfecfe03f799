import MediationCore

/// The result of one start-up check: pass, fail or skip, with a one-line reason.
public struct NetworkStartupCheckResult: Sendable, Hashable {
    /// The check.
    public var check: NetworkStartupCheck
    /// Its outcome (the adapter kit's statuses).
    public var status: ConformanceCheckResult.Status
    /// One line: what was observed.
    public var reason: String

    /// Creates a result.
    public init(check: NetworkStartupCheck, status: ConformanceCheckResult.Status, reason: String) {
        self.check = check
        self.status = status
        self.reason = reason
    }
}
