/// How a line's network answered, as the statistics record it: a real answer, or ``stopped`` for a line the
/// engine stopped before it answered (a censored observation: the network was silent for at least that long).
package enum NetworkOutcome: String, Sendable, Hashable, Codable, CaseIterable {
    /// The network loaded an ad.
    case fill
    /// The network answered that it had no ad.
    case noFill
    /// The network failed with an error (any failure other than no fill).
    case error
    /// The network did not answer within the line's timeout (a hang, or an answer too late).
    case timeout
    /// The engine stopped the line after it had been silent for the recorded latency (another line won, the
    /// run was cancelled or hit its deadline). What the network would have answered is unknown, only that it
    /// had not answered yet: the statistics spread the observation over the outcomes and latencies they know
    /// beyond that time, so that lines often stopped do not look faster or likelier to fill than they are.
    case stopped
}
