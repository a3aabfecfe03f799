import Foundation

/// One `Tracking` URL: the event it fires on, and for `progress` the offset it fires at.
public struct VASTTracker: Sendable, Hashable {
    /// The event.
    public var event: VASTTrackingEventName
    /// The URL to ping (macros not yet expanded).
    public var url: URL
    /// For `progress`: when it fires (time or percentage). `nil` for other events.
    public var offset: VASTOffset?
}
