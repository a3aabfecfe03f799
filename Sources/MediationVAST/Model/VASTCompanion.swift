import Foundation

/// A `Companion`: a display ad shown beside the player while the linear ad plays.
public struct VASTCompanion: Sendable, Hashable {
    /// `id`.
    public var id: String?
    /// `width`.
    public var width: Int?
    /// `height`.
    public var height: Int?
    /// `assetWidth`.
    public var assetWidth: Int?
    /// `assetHeight`.
    public var assetHeight: Int?
    /// `expandedWidth`.
    public var expandedWidth: Int?
    /// `expandedHeight`.
    public var expandedHeight: Int?
    /// `apiFramework`.
    public var apiFramework: String?
    /// `adSlotId` (`adSlotID` in VAST 3, read too).
    public var adSlotId: String?
    /// `pxratio`.
    public var pxratio: Double?
    /// `renderingMode` (`default`, `end-card`, `concurrent`; VAST 4.1).
    public var renderingMode: String?
    /// The resources.
    public var resources: [VASTResource]
    /// `AdParameters`.
    public var adParameters: String?
    /// `AltText`.
    public var altText: String?
    /// `CompanionClickThrough`.
    public var clickThrough: URL?
    /// `CompanionClickTracking`.
    public var clickTracking: [URL]
    /// `TrackingEvents/Tracking` (only `creativeView` in the spec).
    public var trackers: [VASTTracker]
}
