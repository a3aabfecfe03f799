/// Receives a TAMedia native ad's events (`TADNativeAdDelegate`).
///
/// The custom event listens while loading; the adapter takes over once the ad is wrapped, as in the seed. Every
/// method has an empty default.
public protocol TADNativeAdDelegate: AnyObject, Sendable {
    /// The ad loaded (`nativeAdDidReceiveAd:`).
    func nativeAdDidReceiveAd(_ nativeAd: any TADNativeAd)
    /// The ad failed to load (`nativeAd:didFailToReceiveAdWithError:`).
    func nativeAd(_ nativeAd: any TADNativeAd, didFailToReceiveAdWithError error: TADRequestError)
    /// The user tapped the ad (`nativeAdDidClick:`).
    func nativeAdDidClick(_ nativeAd: any TADNativeAd)
    /// TAMedia counted an impression (`nativeAdDidImpression:`).
    func nativeAdDidImpression(_ nativeAd: any TADNativeAd)
    /// A tap is about to leave the app (`adViewWillLeaveApplication:`).
    func adViewWillLeaveApplication(_ nativeAd: any TADNativeAd)
}

extension TADNativeAdDelegate {
    /// Does nothing by default.
    public func nativeAdDidReceiveAd(_ nativeAd: any TADNativeAd) {}
    /// Does nothing by default.
    public func nativeAd(_ nativeAd: any TADNativeAd, didFailToReceiveAdWithError error: TADRequestError) {}
    /// Does nothing by default.
    public func nativeAdDidClick(_ nativeAd: any TADNativeAd) {}
    /// Does nothing by default.
    public func nativeAdDidImpression(_ nativeAd: any TADNativeAd) {}
    /// Does nothing by default.
    public func adViewWillLeaveApplication(_ nativeAd: any TADNativeAd) {}
}
