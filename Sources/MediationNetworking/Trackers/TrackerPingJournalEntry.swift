import Foundation
import MediationCore

/// One pending ping as the journal keeps it.
struct TrackerPingJournalEntry: Sendable, Hashable, Codable {
    /// The ping's stable identifier: the same in every attempt and across restarts, sent as the `X-Ping-ID`
    /// header and in place of the `%%PING_ID%%` macro, so that a server can drop repeats.
    var id: String
    /// The ping.
    var ping: TrackerPing
    /// When the ping was first queued (seconds since 1970), for the age bound.
    var queuedAt: Double
}
