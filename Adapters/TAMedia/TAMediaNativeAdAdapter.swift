import Foundation
import MediationCore

/// Wraps one loaded TAMedia native ad for the bridge (the seed's `TAMediaCustomNativeAdEventAdapter`).
///
/// - Properties are built once, as ``properties(for:mediaContent:)`` maps them.
/// - TAMedia's view tracks taps and impressions itself (the seed's `enableThirdPartyClickTracking` is `YES`),
///   so ``handlesClicks`` and ``handlesImpressions`` are `true` and ``defaultActionURL`` is `nil`.
/// - Events: a click is forwarded as "did click"; an impression as "will log impression"; leaving the application
///   as "will leave application" — each once per SDK event. TAMedia reports no modal, so none is forwarded: the
///   seed also sent "will present modal" on every click, but TAMedia never reports the matching dismissal, so a
///   host that pauses video or timers while a modal is up would stay paused after the first click.
public final class TAMediaNativeAdAdapter: NativeAdAdapter, TADNativeAdDelegate {
    /// The unified ad dictionary.
    public let properties: NativeAdProperties
    /// The SDK's ad.
    public let nativeAd: any TADNativeAd
    /// TAMedia's view for the ad, which the renderer nests the host's surface in.
    public let nativeAdView: any TADNativeAdView

    private let delegateReference = WeakAdapterDelegate()

    /// Wraps `nativeAd` shown by `nativeAdView` and becomes the ad's delegate (the seed's
    /// `initTADNativeAd:withNativeView:`).
    public init(nativeAd: any TADNativeAd, nativeAdView: any TADNativeAdView, properties: NativeAdProperties) {
        self.nativeAd = nativeAd
        self.nativeAdView = nativeAdView
        self.properties = properties
        nativeAd.delegate = self
    }

    /// `nil`: TAMedia's view handles the click.
    public var defaultActionURL: URL? { nil }

    /// `true`: TAMedia's view reports taps (`enableThirdPartyClickTracking`).
    public var handlesClicks: Bool { true }

    /// `true`: TAMedia's view reports impressions.
    public var handlesImpressions: Bool { true }

    /// The ad's delegate, held weakly.
    public var delegate: (any NativeAdAdapterDelegate)? {
        get { delegateReference.value }
        set { delegateReference.value = newValue }
    }

    /// Takes TAMedia's subviews back out of `surface`.
    public func didDetach(from surface: any NativeAdRendering) {
        nativeAdView.remove(from: surface)
    }

    // MARK: TADNativeAdDelegate

    /// Forwards a tap as "did click", and nothing more: no "will present modal" that no dismissal would follow.
    public func nativeAdDidClick(_ nativeAd: any TADNativeAd) {
        delegate?.nativeAdDidClick(self)
    }

    /// Forwards TAMedia's impression as "will log impression".
    public func nativeAdDidImpression(_ nativeAd: any TADNativeAd) {
        delegate?.nativeAdWillLogImpression(self)
    }

    /// Forwards "will leave application".
    public func adViewWillLeaveApplication(_ nativeAd: any TADNativeAd) {
        delegate?.nativeAdWillLeaveApplication(self)
    }
}
