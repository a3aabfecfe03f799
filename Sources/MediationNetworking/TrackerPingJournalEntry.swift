import Foundation
import MediationCore

/// One pending ping as stored in the journal: one JSON object per line.
struct TrackerPingJournalEntry: Sendable, Hashable, Codable {
    /// A unique identifier of this entry.
    var id: String
    /// The ping.
    var ping: TrackerPing
    /// When the ping was first queued (seconds since 1970), for the age bound.
    var queuedAt: Double
}
