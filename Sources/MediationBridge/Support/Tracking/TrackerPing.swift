import Foundation

/// One tracker URL to fire, with what it reports and whose it is.
///
/// `owner` names the ad (``NativeAd/identifier``) or the run line the ping belongs to; a pinger fires each
/// (owner, event, URL) at most once.
public struct TrackerPing: Sendable, Hashable, Codable {
    /// The URL to GET.
    public var url: URL
    /// What the ping reports.
    public var event: TrackerPingEvent
    /// The ad or run line the ping belongs to; `nil` when unknown (then nothing is deduplicated).
    public var owner: String?

    /// Creates a ping.
    package init(url: URL, event: TrackerPingEvent, owner: String?) {
        self.url = url
        self.event = event
        self.owner = owner
    }
}
