import MediationCore

/// How a ``URLSessionTrackerPinger`` retries a ping that failed with a network error or a 5xx status.
///
/// The delay doubles from ``initialDelay`` after each failed attempt, up to ``maxDelay``; after
/// ``maxAttempts`` attempts the pinger stops trying in this process (a journaled ping stays in
/// the journal and is tried again when a pinger next starts on the directory, or on
/// ``URLSessionTrackerPinger/retryPendingNow()``).
public struct TrackerRetryPolicy: Sendable, Hashable {
    /// Attempts per ping in one process, the first included.
    public var maxAttempts: Int
    /// The delay after the first failed attempt.
    public var initialDelay: Duration
    /// The longest delay between two attempts.
    public var maxDelay: Duration

    /// The default: 5 attempts, 2 s doubling up to 60 s (2, 4, 8, 16 s between attempts).
    public static let `default` = TrackerRetryPolicy(
        uncheckedMaxAttempts: 5, initialDelay: .seconds(2), maxDelay: .seconds(60))

    /// Creates a policy.
    ///
    /// - Throws: `MediationError.invalidConfiguration(path:reason:)` when `maxAttempts` is below 1 or a delay
    ///   is negative or `maxDelay` is below `initialDelay`.
    public init(maxAttempts: Int, initialDelay: Duration, maxDelay: Duration) throws(MediationError) {
        guard maxAttempts >= 1 else {
            throw .invalidConfiguration(path: "maxAttempts", reason: "expected at least 1, got \(maxAttempts)")
        }
        guard initialDelay >= .zero, maxDelay >= initialDelay else {
            throw .invalidConfiguration(
                path: "maxDelay", reason: "expected 0 <= initialDelay (\(initialDelay)) <= maxDelay (\(maxDelay))")
        }
        self.init(uncheckedMaxAttempts: maxAttempts, initialDelay: initialDelay, maxDelay: maxDelay)
    }

    private init(uncheckedMaxAttempts: Int, initialDelay: Duration, maxDelay: Duration) {
        self.maxAttempts = uncheckedMaxAttempts
        self.initialDelay = initialDelay
        self.maxDelay = maxDelay
    }

    /// The delay before attempt `attempt + 1`, after attempt `attempt` (1-based) failed.
    public func delay(afterAttempt attempt: Int) -> Duration {
        var delay = initialDelay
        for _ in 1..<max(attempt, 1) {
            delay *= 2
            if delay >= maxDelay { return maxDelay }
        }
        return min(delay, maxDelay)
    }
}
