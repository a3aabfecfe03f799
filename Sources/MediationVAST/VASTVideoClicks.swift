import Foundation

/// `VideoClicks` of a linear creative.
public struct VASTVideoClicks: Sendable, Hashable {
    /// `ClickThrough`: the page a click opens.
    public var clickThrough: URL?
    /// `ClickTracking` URLs, pinged on a click.
    public var clickTracking: [URL]
    /// `CustomClick` URLs, for clicks on other player elements.
    public var customClicks: [URL]

    /// No clicks.
    static let none = VASTVideoClicks(clickThrough: nil, clickTracking: [], customClicks: [])
}
