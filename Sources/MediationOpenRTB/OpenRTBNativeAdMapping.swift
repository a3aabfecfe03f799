import Foundation
import MediationBridge

/// What one Native markup document maps to: the unified ad dictionary, the trackers to fire, where a click
/// leads, and what was dropped and why.
public struct OpenRTBNativeAdMapping: Sendable, Hashable {
    /// The Native version the markup names (`ver`), when it names one.
    public var version: String?
    /// The unified ad: title, images, data assets, the privacy link, the VAST of a video asset. Every drop is
    /// recorded in its ``MediationBridge/NativeAdProperties/droppedValues`` too, so the engine traces it.
    public var properties: NativeAdProperties
    /// Fired once at the impression: `imptrackers` and the image-pixel `eventtrackers` of event 1, macros
    /// expanded, duplicates removed, each allowed by the URL policy.
    public var impressionTrackers: [URL]
    /// Fired once at the first click: `link.clicktrackers`, macros expanded, each allowed by the URL policy.
    public var clickTrackers: [URL]
    /// Image-pixel trackers of the viewability events, kept for a host that measures them.
    public var viewabilityTrackers: [OpenRTBEventTracker]
    /// Where a click leads: `link.url` when the URL policy allows it as a click destination, else
    /// `link.fallback` when that is allowed. Never `nil` in a mapping ``OpenRTBNativeAdMapper`` returns: an ad
    /// with neither is not a fill, and fails with `invalid_bid_markup` at `link.url`.
    public var clickURL: URL?
    /// The parts of the markup left out, with their JSON paths and why (scripts, JavaScript trackers, refused
    /// URLs, assets the request did not ask for, duplicates).
    public var dropped: [OpenRTBDrop]

    /// Creates a mapping.
    public init(
        version: String? = nil, properties: NativeAdProperties = NativeAdProperties(), impressionTrackers: [URL] = [],
        clickTrackers: [URL] = [], viewabilityTrackers: [OpenRTBEventTracker] = [], clickURL: URL? = nil,
        dropped: [OpenRTBDrop] = []
    ) {
        self.version = version
        self.properties = properties
        self.impressionTrackers = impressionTrackers
        self.clickTrackers = clickTrackers
        self.viewabilityTrackers = viewabilityTrackers
        self.clickURL = clickURL
        self.dropped = dropped
    }
}
