/// The host's listener for one ``NativeAd``'s events; a view controller usually adopts it.
///
/// Every call arrives on the main actor, in the order the events happened, whatever thread the network or
/// the host reported on. Each impression is reported once per ad; each click once per tap, however many paths
/// reported it.
///
/// Rules for conformers: adopt it from a `@MainActor` class (every UIKit view controller is one); hold the ad
/// strongly and let the ad hold you weakly. All methods have empty default implementations.
@MainActor
public protocol NativeAdDelegate: AnyObject, Sendable {
    /// The ad's impression was recorded and its impression trackers fired.
    func nativeAdDidTrackImpression(_ ad: NativeAd)
    /// The user tapped the ad.
    func nativeAdDidClick(_ ad: NativeAd)
    /// The ad is about to show a full-screen modal (store sheet, in-app browser).
    func nativeAdWillPresentModal(_ ad: NativeAd)
    /// The modal the ad showed was dismissed.
    func nativeAdDidDismissModal(_ ad: NativeAd)
    /// A click is about to leave the app (store app, external browser).
    func nativeAdWillLeaveApplication(_ ad: NativeAd)
    /// The ad reached ``NativeAd/expiresAt`` on its clock: remove it from screen and load a new one.
    func nativeAdDidExpire(_ ad: NativeAd)
    /// An impression or click the host reported could not be counted, such as ``MediationError/adExpired``
    /// for an ad past its lifetime (no tracker fired, the network heard nothing).
    func nativeAd(_ ad: NativeAd, didFailWith error: MediationError)
    /// The network reported what the ad's impression earned; at most once per ad (an ad has one impression).
    /// Forward it to revenue reporting.
    func nativeAd(_ ad: NativeAd, didRecordRevenue revenue: AdRevenue)
    /// The user closed the ad (for example "hide ad" in the AdChoices menu): remove it from screen now. Once
    /// per ad.
    func nativeAdDidClose(_ ad: NativeAd)
}

extension NativeAdDelegate {
    /// Does nothing by default.
    public func nativeAdDidTrackImpression(_ ad: NativeAd) {}
    /// Does nothing by default.
    public func nativeAdDidClick(_ ad: NativeAd) {}
    /// Does nothing by default.
    public func nativeAdWillPresentModal(_ ad: NativeAd) {}
    /// Does nothing by default.
    public func nativeAdDidDismissModal(_ ad: NativeAd) {}
    /// Does nothing by default.
    public func nativeAdWillLeaveApplication(_ ad: NativeAd) {}
    /// Does nothing by default.
    public func nativeAdDidExpire(_ ad: NativeAd) {}
    /// Does nothing by default.
    public func nativeAd(_ ad: NativeAd, didFailWith error: MediationError) {}
    /// Does nothing by default.
    public func nativeAd(_ ad: NativeAd, didRecordRevenue revenue: AdRevenue) {}
    /// Does nothing by default.
    public func nativeAdDidClose(_ ad: NativeAd) {}
}
