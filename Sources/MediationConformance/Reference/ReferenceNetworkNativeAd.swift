import Foundation

/// A native ad as the reference network's SDK hands it over: its own field names, its own event delegate.
///
/// Rules for conformers: hold ``eventDelegate`` weakly (the adapter owns the ad, not the other way round) and
/// report each impression, click, modal and leave-application event to it once.
public protocol ReferenceNetworkNativeAd: AnyObject, Sendable {
    /// Headline.
    var title: String? { get }
    /// Body text.
    var body: String? { get }
    /// Button text.
    var callToAction: String? { get }
    /// Advertiser name.
    var advertiser: String? { get }
    /// Icon image location.
    var iconURL: URL? { get }
    /// Main image location.
    var mainImageURL: URL? { get }
    /// Store rating; the network does not promise a range.
    var starRating: Double? { get }
    /// Where a click leads.
    var clickURL: URL? { get }
    /// Where the ad's privacy (AdChoices) icon leads; not the click URL.
    var privacyClickURL: URL? { get }
    /// Receives the ad's events; held weakly.
    var eventDelegate: (any ReferenceNativeAdEventDelegate)? { get set }
    /// Starts impression and click tracking for the view the ad is shown in.
    func registerForInteraction()
    /// Stops tracking.
    func unregisterInteraction()
    /// Records an impression the host counted (for apps that report impressions themselves).
    func recordHostImpression()
    /// Records a click the host detected (for apps that report clicks themselves).
    func recordHostClick()
}

extension ReferenceNetworkNativeAd {
    /// Networks without a privacy icon have no link for it.
    public var privacyClickURL: URL? { nil }
    /// Networks that count impressions only themselves ignore the host's.
    public func recordHostImpression() {}
    /// Networks that detect clicks only themselves ignore the host's.
    public func recordHostClick() {}
}
