/// The reference network's callbacks for a shown ad.
///
/// Rules for conformers: the network may call from any thread.
public protocol ReferenceNativeAdEventDelegate: AnyObject, Sendable {
    /// The network counted an impression.
    func referenceNativeAdDidRecordImpression(_ ad: any ReferenceNetworkNativeAd)
    /// The network detected a click.
    func referenceNativeAdDidRecordClick(_ ad: any ReferenceNetworkNativeAd)
    /// The network is about to show a modal.
    func referenceNativeAdWillPresentModal(_ ad: any ReferenceNetworkNativeAd)
    /// The network's modal closed.
    func referenceNativeAdDidDismissModal(_ ad: any ReferenceNetworkNativeAd)
    /// The network is about to leave the app.
    func referenceNativeAdWillLeaveApplication(_ ad: any ReferenceNetworkNativeAd)
    /// The network dropped the ad before its lifetime ran out; it can no longer be shown.
    func referenceNativeAdDidInvalidate(_ ad: any ReferenceNetworkNativeAd)
}

extension ReferenceNativeAdEventDelegate {
    /// Does nothing by default.
    public func referenceNativeAdDidInvalidate(_ ad: any ReferenceNetworkNativeAd) {}
}
