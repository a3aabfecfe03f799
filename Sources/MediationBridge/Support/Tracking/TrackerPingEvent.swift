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
    /// A bid won the auction and its ad was delivered (the bid's `x-nurl`).
    case win
    /// A bid lost the auction, with an OpenRTB loss reason (the bid's `x-lurl`).
    case loss
    /// A winning bid's ad had its first impression: the bid bills (the bid's `x-burl`).
    case billing
    /// A URL fired through ``TrackerPinging/ping(_:)-(URL)`` with no known event.
    case unspecified
    /// An ad's playback or interaction notice other than its impression and click: a VAST tracking event
    /// (`start`, a quartile, `progress`, `complete`, `pause`, `skip`, `mute`, …) or a companion's `creativeView`.
    case tracking
    /// An ad could not be served or played: a VAST `Error` URL, carrying its `[ERRORCODE]`.
    case error

    /// Whether a lost ping of this kind loses money (impressions, clicks and the auction's win, loss and billing
    /// notices), so that a durable pinger keeps it until it is delivered.
    package var isBillable: Bool {
        switch self {
        case .impression, .click, .win, .loss, .billing: true
        case .beforeLoad, .afterLoad, .unspecified, .tracking, .error: false
        }
    }

    /// Whether a durable pinger journals a ping of this kind, so that it survives a kill between being fired and
    /// being delivered: every notice about an ad (the billable ones, ``tracking`` and ``error``). Before-load,
    /// after-load and unspecified pings describe a load or have no owner, and are retried in process only.
    public var isJournaled: Bool {
        switch self {
        case .impression, .click, .win, .loss, .billing, .tracking, .error: true
        case .beforeLoad, .afterLoad, .unspecified: false
        }
    }
}
