import Foundation

/// An image-pixel event tracker of a Native response (`eventtrackers`, method 1) kept for an event MediationKit
/// does not measure itself: the viewability events 2–5 (viewable-mrc50, viewable-mrc100, viewable-video50, …).
///
/// Impression trackers (event 1) are fired with the ad's impression and are not listed here; JavaScript
/// trackers (method 2) are never kept.
public struct OpenRTBEventTracker: Sendable, Hashable {
    /// The Native event type (2 viewable-mrc50, 3 viewable-mrc100, 4 viewable-video50, 5 …).
    public var event: Int
    /// The pixel to fire when the event happens, macros already expanded.
    public var url: URL

    /// Creates a tracker.
    public init(event: Int, url: URL) {
        self.event = event
        self.url = url
    }
}
