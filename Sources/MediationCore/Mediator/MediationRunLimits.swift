/// Bounds that make every run end, whatever the networks and the ad server do.
///
/// - ``runDeadline``: however long lines and pages take (`x-ad-timeout-ms: 0` turns a line's own timeout off,
///   and a network may never answer), the run ends by then: lines still loading end as timed out, and the
///   highest-priority ad already loaded wins, or the run fails with ``MediationError/timeout``.
/// - ``maximumPages``: the most ad-response pages one run loads, the first included, so a server cannot chain
///   `x-next-url` pages forever.
/// - ``maximumBackoff``: the longest `backoff_ms` window honoured; longer values are cut to it.
///
/// The defaults and the reasoning are in docs/reliability.md.
public struct MediationRunLimits: Sendable, Hashable {
    /// The longest a run may take, from its start; `nil` for none (not advised). 30 seconds by default: three
    /// of MoPub's 10-second line timeouts.
    public var runDeadline: Duration?
    /// The most ad-response pages per run, the first included: 5 by default.
    public var maximumPages: Int
    /// The longest back-off window honoured: 1 hour by default.
    public var maximumBackoff: Duration

    /// Creates limits; `maximumPages` is at least 1, the durations at least zero.
    public init(
        runDeadline: Duration? = .seconds(30), maximumPages: Int = 5, maximumBackoff: Duration = .seconds(3600)
    ) {
        self.runDeadline = runDeadline.map { max($0, .zero) }
        self.maximumPages = max(1, maximumPages)
        self.maximumBackoff = max(maximumBackoff, .zero)
    }

    /// The defaults.
    public static let `default` = MediationRunLimits()
}
