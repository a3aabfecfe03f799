/// The host's listener for one ``NativeAd``'s events.
///
/// Each impression is reported once per ad; each click once per tap, however many paths reported it.
/// Calls may arrive on any thread (the thread the network or host reported on); hop to your UI queue.
/// All methods have empty default implementations.
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
}
