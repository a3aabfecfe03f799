import Foundation

/// Where a loaded ad came from: the waterfall line and its trackers.
///
/// The engine fills it from the ad response and hands it to the custom event in its request context; the
/// custom event passes it on unchanged when it makes its ``NativeAd``.
public struct NativeAdSource: Sendable, Hashable, Codable {
    /// The custom event identifier of the line (its `x-custom-event-class-name`).
    public var customEventIdentifier: String
    /// A readable network name, such as `myTarget`.
    public var networkName: String
    /// The line's price (eCPM, in the ad unit's currency) when known.
    public var price: Double?
    /// The ad unit the ad was loaded for, when known.
    public var adUnitID: String?
    /// URLs fired once when the ad's impression is recorded.
    public var impressionTrackers: [URL]
    /// URLs fired once, on the ad's first click.
    public var clickTrackers: [URL]

    /// Creates a source record.
    public init(
        customEventIdentifier: String,
        networkName: String? = nil,
        price: Double? = nil,
        adUnitID: String? = nil,
        impressionTrackers: [URL] = [],
        clickTrackers: [URL] = []
    ) {
        self.customEventIdentifier = customEventIdentifier
        self.networkName = networkName ?? customEventIdentifier
        self.price = price
        self.adUnitID = adUnitID
        self.impressionTrackers = impressionTrackers
        self.clickTrackers = clickTrackers
    }
}
