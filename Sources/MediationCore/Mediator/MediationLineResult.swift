/// How one line of a run ended, or what a custom event did after its line had ended.
public enum MediationLineResult: String, Sendable, Hashable, Codable, CaseIterable {
    /// The line is still loading; seen only in a trace read while the run is going.
    case loading
    /// The custom event loaded an ad.
    case loaded
    /// The custom event had no ad (``MediationError/noFill``).
    case noFill = "no_fill"
    /// The custom event failed; the trace entry carries the error's code.
    case error
    /// The line did not answer within its timeout (or the custom event reported a timeout).
    case timeout
    /// No renderer configuration or custom event is registered for the line.
    case missingAdapter = "missing_adapter"
    /// The line was not run: its custom event does not support child-directed traffic, its bid expired before its
    /// turn, or a frequency cap refused it (the entry's error code is then `frequency_capped` or `paced`).
    case skipped
    /// The line was still loading when a higher-priority line won (hedged strategies); it was told to stop.
    case stopped
    /// The line was still loading when the run was cancelled; it was told to stop.
    case cancelled
    /// A second outcome from a custom event that had already reported; dropped.
    case duplicateCallback = "duplicate_callback"
    /// An outcome that arrived after the line had timed out, been stopped or the run had ended; dropped.
    case lateCallback = "late_callback"

    /// The result for a custom event's failure: `no_fill`, `timeout` or `error`.
    public static func failure(_ error: MediationError) -> MediationLineResult {
        switch error {
        case .noFill: .noFill
        case .timeout: .timeout
        case .missingAdapter: .missingAdapter
        default: .error
        }
    }
}
