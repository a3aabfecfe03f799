import Foundation
import MediationBridge
import MediationSupport

/// The adapter of an ad mapped from OpenRTB Native markup: the unified properties, the click URL, and the
/// markup's own trackers, fired through the request's ``MediationBridge/TrackerPinging``.
///
/// ``MediationBridge/NativeAd`` counts impressions and clicks (the host reports them); on the first impression
/// it calls ``trackImpression()``, which fires the markup's impression trackers, and on the first click
/// ``trackClick()``, which fires its click trackers, each once. Viewability trackers are kept in
/// ``viewabilityTrackers`` for a host that measures viewability; MediationKit does not fire them.
public final class OpenRTBNativeAdAdapter: NativeAdAdapter {
    /// The mapped markup.
    public let mapping: OpenRTBNativeAdMapping
    /// The unified ad dictionary (images filled in when precached).
    public let properties: NativeAdProperties
    private let trackerPinger: any TrackerPinging
    private let owner: String
    private let fired = Locked((impression: false, click: false))
    private let delegateReference = WeakAdapterDelegate()

    /// Creates the adapter.
    ///
    /// - Parameters:
    ///   - mapping: the mapped markup.
    ///   - properties: the properties to show (the mapping's, with image bytes filled in); the mapping's when `nil`.
    ///   - trackerPinger: fires the markup's trackers (take it from the request context).
    ///   - owner: the owner the pings carry, for deduplication (the line or bid).
    public init(
        mapping: OpenRTBNativeAdMapping, properties: NativeAdProperties? = nil, trackerPinger: any TrackerPinging,
        owner: String
    ) {
        self.mapping = mapping
        self.properties = properties ?? mapping.properties
        self.trackerPinger = trackerPinger
        self.owner = owner
    }

    /// `link.url`, or `link.fallback`, as the URL policy allowed them.
    public var defaultActionURL: URL? { mapping.clickURL }

    /// The viewability event trackers (events 2–5), not fired by MediationKit.
    public var viewabilityTrackers: [OpenRTBEventTracker] { mapping.viewabilityTrackers }

    /// Receives the ad's events; held weakly.
    public var delegate: (any NativeAdAdapterDelegate)? {
        get { delegateReference.value }
        set { delegateReference.value = newValue }
    }

    /// Fires the impression trackers, once.
    public func trackImpression() {
        let first = fired.withLock { state in
            defer { state.impression = true }
            return !state.impression
        }
        guard first else { return }
        for url in mapping.impressionTrackers {
            trackerPinger.ping(TrackerPing(url: url, event: .impression, owner: owner))
        }
    }

    /// Fires the click trackers, once.
    public func trackClick() {
        let first = fired.withLock { state in
            defer { state.click = true }
            return !state.click
        }
        guard first else { return }
        for url in mapping.clickTrackers {
            trackerPinger.ping(TrackerPing(url: url, event: .click, owner: owner))
        }
    }
}
