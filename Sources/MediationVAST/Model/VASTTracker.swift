import Foundation

/// One `Tracking` URL: the event it fires on, and for `progress` the offset it fires at.
public struct VASTTracker: Sendable, Hashable {
    /// The event.
    public var event: VASTTrackingEventName
    /// The URL to ping (macros not yet expanded), made from its text when asked for.
    public var url: URL {
        get { urlText.url }
        set { urlText = VASTURLText(newValue) }
    }
    /// The URL's text.
    var urlText: VASTURLText
    /// For `progress`: when it fires (time or percentage). `nil` for other events.
    public var offset: VASTOffset?

    init(event: VASTTrackingEventName, urlText: VASTURLText, offset: VASTOffset?) {
        self.event = event
        self.urlText = urlText
        self.offset = offset
    }
}
