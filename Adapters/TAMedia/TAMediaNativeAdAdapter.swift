import Foundation
import MediationBridge

/// Wraps one loaded TAMedia native ad for the bridge (`TAMediaCustomNativeAdEventAdapter` in TAMedia's MoPub guide).
///
/// - Properties are built once, as ``properties(for:mediaContent:)`` maps them.
/// - TAMedia's view tracks taps and impressions itself (the guide's `enableThirdPartyClickTracking` is `YES`),
///   so ``handlesClicks`` and ``handlesImpressions`` are `true` and ``defaultActionURL`` is `nil`.
/// - Events: a click is forwarded as "did click" then "will present modal"; an impression as "will log
///   impression"; leaving the application as "will leave application" — each once per SDK event. TAMedia
///   reports no modal dismissal.
public final class TAMediaNativeAdAdapter: NativeAdAdapter, TAMediaSDKNativeAdDelegate {
    /// The unified ad dictionary.
    public let properties: NativeAdProperties
    /// The SDK's ad.
    public let nativeAd: any TAMediaSDKNativeAd
    /// TAMedia's view for the ad, which the renderer nests the host's surface in.
    public let nativeAdView: any TAMediaSDKNativeAdView

    private let delegateReference = WeakAdapterDelegate()

    /// Wraps `nativeAd` shown by `nativeAdView` and becomes the ad's delegate (the guide's
    /// `initTADNativeAd:withNativeView:`).
    public init(
        nativeAd: any TAMediaSDKNativeAd, nativeAdView: any TAMediaSDKNativeAdView, properties: NativeAdProperties
    ) {
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
    @MainActor
    public func didDetach(from surface: any NativeAdRendering) {
        nativeAdView.remove(from: surface)
    }

    // MARK: TAMediaSDKNativeAdDelegate

    /// Forwards a tap as "did click", then "will present modal", as TAMedia's MoPub guide does.
    public func nativeAdDidClick(_ nativeAd: any TAMediaSDKNativeAd) {
        let delegate = self.delegate
        delegate?.nativeAdDidClick(self)
        delegate?.nativeAdWillPresentModal(self)
    }

    /// Forwards TAMedia's impression as "will log impression".
    public func nativeAdDidImpression(_ nativeAd: any TAMediaSDKNativeAd) {
        delegate?.nativeAdWillLogImpression(self)
    }

    /// Forwards "will leave application".
    public func adViewWillLeaveApplication(_ nativeAd: any TAMediaSDKNativeAd) {
        delegate?.nativeAdWillLeaveApplication(self)
    }
}
