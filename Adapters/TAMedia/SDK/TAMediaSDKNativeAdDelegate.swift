/// Receives a TAMedia native ad's events (`TAMediaSDKNativeAdDelegate`).
///
/// The custom event listens while loading; the adapter takes over once the ad is wrapped, as in TAMedia's guide. Every
/// method has an empty default.
public protocol TAMediaSDKNativeAdDelegate: AnyObject, Sendable {
    /// The ad loaded (`nativeAdDidReceiveAd:`).
    func nativeAdDidReceiveAd(_ nativeAd: any TAMediaSDKNativeAd)
    /// The ad failed to load (`nativeAd:didFailToReceiveAdWithError:`).
    func nativeAd(_ nativeAd: any TAMediaSDKNativeAd, didFailToReceiveAdWithError error: TAMediaSDKRequestError)
    /// The user tapped the ad (`nativeAdDidClick:`).
    func nativeAdDidClick(_ nativeAd: any TAMediaSDKNativeAd)
    /// TAMedia counted an impression (`nativeAdDidImpression:`).
    func nativeAdDidImpression(_ nativeAd: any TAMediaSDKNativeAd)
    /// A tap is about to leave the app (`adViewWillLeaveApplication:`).
    func adViewWillLeaveApplication(_ nativeAd: any TAMediaSDKNativeAd)
}

extension TAMediaSDKNativeAdDelegate {
    /// Does nothing by default.
    public func nativeAdDidReceiveAd(_ nativeAd: any TAMediaSDKNativeAd) {}
    /// Does nothing by default.
    public func nativeAd(_ nativeAd: any TAMediaSDKNativeAd, didFailToReceiveAdWithError error: TAMediaSDKRequestError)
    {}
    /// Does nothing by default.
    public func nativeAdDidClick(_ nativeAd: any TAMediaSDKNativeAd) {}
    /// Does nothing by default.
    public func nativeAdDidImpression(_ nativeAd: any TAMediaSDKNativeAd) {}
    /// Does nothing by default.
    public func adViewWillLeaveApplication(_ nativeAd: any TAMediaSDKNativeAd) {}
}
