import MediationCore

/// What a UIKit view controller would be: a main-actor class adopting `NativeAdDelegate` directly.
@MainActor
final class HostAdController: NativeAdDelegate {
    let adView = HostAdView()
    private(set) var ad: NativeAd?
    private(set) var events: [String] = []
    private(set) var everyCallbackOnMainQueue = true

    /// Shows `ad`: becomes its delegate and renders it into the view.
    func show(_ ad: NativeAd) throws(MediationError) {
        self.ad = ad
        ad.delegate = self
        try ad.render(into: adView)
    }

    func nativeAdDidTrackImpression(_ ad: NativeAd) { record("impression") }
    func nativeAdDidClick(_ ad: NativeAd) { record("click") }
    func nativeAdWillLeaveApplication(_ ad: NativeAd) { record("leave") }
    func nativeAdDidExpire(_ ad: NativeAd) { record("expired") }
    func nativeAd(_ ad: NativeAd, didFailWith error: MediationError) { record("failed \(error.code)") }
    func nativeAd(_ ad: NativeAd, didRecordRevenue revenue: AdRevenue) {
        record("revenue \(revenue.value) \(revenue.currencyCode)")
    }
    func nativeAdDidClose(_ ad: NativeAd) {
        record("close")
        ad.detachSurface()
        self.ad = nil
    }

    private func record(_ event: String) {
        everyCallbackOnMainQueue = everyCallbackOnMainQueue && MainQueueProbe.isOnMainQueue
        events.append(event)
    }
}
