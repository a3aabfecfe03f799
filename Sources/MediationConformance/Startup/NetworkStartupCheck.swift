import MediationCore

/// The rules the start-up kit checks on a network adapter configuration; each has a stable raw value for reports.
public enum NetworkStartupCheck: String, Sendable, Hashable, Codable, CaseIterable {
    /// Name, versions and custom event identifiers are given.
    case describesItself = "startup-describes-itself"
    /// One start reports exactly one final status, however the SDK calls back.
    case completesOnce = "startup-completes-once"
    /// A start whose SDK answers reports within that time (a start that never reports is a defect).
    case completes = "startup-completes"
    /// A failing SDK's error reaches the status unchanged (domain, code, message).
    case preservesError = "startup-preserves-error"
    /// `started` is reported only once the SDK is ready, so no load reaches an SDK that has not started.
    case noLoadBeforeStart = "startup-no-load-before-start"
    /// Concurrent callers share one start of the SDK and all hear its one end; a repeated start answers again.
    case idempotent = "startup-idempotent"
    /// An SDK that never answers ends as `timed_out` at the start-up timeout, and nothing after.
    case honoursTimeout = "startup-honours-timeout"
    /// The parameters and the test mode reach the SDK.
    case passesParameters = "startup-passes-parameters"
}
