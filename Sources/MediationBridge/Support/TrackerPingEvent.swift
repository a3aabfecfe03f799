/// What a tracker ping reports.
public enum TrackerPingEvent: String, Sendable, Hashable, Codable, CaseIterable {
    /// A waterfall line is about to request an ad (the line's before-load URL).
    case beforeLoad
    /// A waterfall line finished, with its `%%LOAD_RESULT%%` (the line's after-load URL).
    case afterLoad
    /// The ad was seen (an impression tracker).
    case impression
    /// The ad was tapped (a click tracker).
    case click
    /// A URL fired through ``TrackerPinging/ping(_:)-(URL)`` with no known event.
    case unspecified

    /// Whether a lost ping of this kind loses money (impressions and clicks), so that a durable pinger keeps it
    /// until it is delivered.
    public var isBillable: Bool {
        self == .impression || self == .click
    }
}
