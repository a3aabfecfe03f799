import Foundation
import MediationCore

/// The reference adapter: wraps one loaded reference-network ad, forwards each of its events once, and holds
/// its delegate weakly. It owns the network ad; the network ad holds it only weakly, as its event delegate.
public final class ReferenceNativeAdAdapter: NativeAdAdapter, ReferenceNativeAdEventDelegate {
    /// The network's ad.
    public let networkAd: any ReferenceNetworkNativeAd
    /// The unified dictionary, built once at load time.
    public let properties: NativeAdProperties
    /// The network's click URL, when it is http(s).
    public let defaultActionURL: URL?

    private let delegateReference = WeakAdapterDelegate()

    /// Wraps `networkAd` and becomes its event delegate.
    public init(networkAd: any ReferenceNetworkNativeAd, properties: NativeAdProperties) {
        self.networkAd = networkAd
        self.properties = properties
        self.defaultActionURL = ReferenceNativeCustomEvent.webURL(networkAd.clickURL)
        networkAd.eventDelegate = self
    }

    /// The `NativeAd` listening to this adapter, held weakly.
    public var delegate: (any NativeAdAdapterDelegate)? {
        get { delegateReference.value }
        set { delegateReference.value = newValue }
    }

    /// The network counts impressions itself.
    public var handlesImpressions: Bool { true }
    /// The network detects clicks itself.
    public var handlesClicks: Bool { true }

    /// Registers the ad with the network for tracking.
    @MainActor
    public func willAttach(to surface: any NativeAdRendering) { networkAd.registerForInteraction() }
    /// Stops the network's tracking.
    @MainActor
    public func didDetach(from surface: any NativeAdRendering) { networkAd.unregisterInteraction() }

    /// Forwards the network's impression, once.
    public func referenceNativeAdDidRecordImpression(_ ad: any ReferenceNetworkNativeAd) {
        delegate?.nativeAdWillLogImpression(self)
    }
    /// Forwards the network's click, once.
    public func referenceNativeAdDidRecordClick(_ ad: any ReferenceNetworkNativeAd) {
        delegate?.nativeAdDidClick(self)
    }
    /// Forwards the modal presentation.
    public func referenceNativeAdWillPresentModal(_ ad: any ReferenceNetworkNativeAd) {
        delegate?.nativeAdWillPresentModal(self)
    }
    /// Forwards the modal dismissal.
    public func referenceNativeAdDidDismissModal(_ ad: any ReferenceNetworkNativeAd) {
        delegate?.nativeAdDidDismissModal(self)
    }
    /// Forwards leaving the application.
    public func referenceNativeAdWillLeaveApplication(_ ad: any ReferenceNetworkNativeAd) {
        delegate?.nativeAdWillLeaveApplication(self)
    }
    /// Forwards the network dropping the ad: the ad expires and the host hears it.
    public func referenceNativeAdDidInvalidate(_ ad: any ReferenceNetworkNativeAd) {
        delegate?.nativeAdAdapterDidInvalidate(self)
    }
}
