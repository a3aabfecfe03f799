/// How a line's network answered, as the statistics record it. Only real answers count: a line the engine
/// stopped (another line won, the run was cancelled or hit its deadline) records nothing.
public enum NetworkOutcome: String, Sendable, Hashable, Codable, CaseIterable {
    /// The network loaded an ad.
    case fill
    /// The network answered that it had no ad.
    case noFill
    /// The network failed with an error (any failure other than no fill).
    case error
    /// The network did not answer within the line's timeout (a hang, or an answer too late).
    case timeout
}
