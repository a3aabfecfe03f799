import Foundation

/// A companion banner shown next to an in-stream ad (mostly audio), after VAST's `<Companion>`.
///
/// The host shows it and reports show and click to the session; the session fires ``showTrackers`` and
/// ``clickTrackers`` once per companion however often they are reported.
public struct InstreamCompanionBanner: Sendable, Hashable {
    /// The companion's identifier, unique within its banner.
    public var identifier: String
    /// The slot width in points.
    public var width: Int
    /// The slot height in points.
    public var height: Int
    /// The image to show, if the companion is a static resource.
    public var staticResourceURL: URL?
    /// The HTML to show, if the companion is an HTML resource.
    public var htmlResource: String?
    /// Where a click leads, if the companion is clickable.
    public var clickURL: URL?
    /// Trackers fired when the host first reports the companion shown.
    public var showTrackers: [URL]
    /// Trackers fired when the host first reports a click.
    public var clickTrackers: [URL]

    /// Creates a companion banner.
    public init(
        identifier: String, width: Int, height: Int, staticResourceURL: URL? = nil, htmlResource: String? = nil,
        clickURL: URL? = nil, showTrackers: [URL] = [], clickTrackers: [URL] = []
    ) {
        self.identifier = identifier
        self.width = width
        self.height = height
        self.staticResourceURL = staticResourceURL
        self.htmlResource = htmlResource
        self.clickURL = clickURL
        self.showTrackers = showTrackers
        self.clickTrackers = clickTrackers
    }
}
