/// Receives a custom native ad's events (`GoogleSDKCustomNativeAdDelegate`).
///
/// Every method is optional in the SDK: the extension gives empty defaults. Since SDK 8 there is no
/// "will leave application" event.
public protocol GoogleSDKCustomNativeAdDelegate: AnyObject, Sendable {
    /// The SDK recorded an impression (`customNativeAdDidRecordImpression:`).
    func customNativeAdDidRecordImpression(_ nativeAd: any GoogleSDKCustomNativeAd)
    /// The SDK recorded a click (`customNativeAdDidRecordClick:`).
    func customNativeAdDidRecordClick(_ nativeAd: any GoogleSDKCustomNativeAd)
    /// A full-screen view (in-app browser, store sheet) is about to appear (`customNativeAdWillPresentScreen:`).
    func customNativeAdWillPresentScreen(_ nativeAd: any GoogleSDKCustomNativeAd)
    /// That view is about to be dismissed (`customNativeAdWillDismissScreen:`).
    func customNativeAdWillDismissScreen(_ nativeAd: any GoogleSDKCustomNativeAd)
    /// That view was dismissed (`customNativeAdDidDismissScreen:`).
    func customNativeAdDidDismissScreen(_ nativeAd: any GoogleSDKCustomNativeAd)
}

extension GoogleSDKCustomNativeAdDelegate {
    /// Does nothing by default.
    public func customNativeAdDidRecordImpression(_ nativeAd: any GoogleSDKCustomNativeAd) {}
    /// Does nothing by default.
    public func customNativeAdDidRecordClick(_ nativeAd: any GoogleSDKCustomNativeAd) {}
    /// Does nothing by default.
    public func customNativeAdWillPresentScreen(_ nativeAd: any GoogleSDKCustomNativeAd) {}
    /// Does nothing by default.
    public func customNativeAdWillDismissScreen(_ nativeAd: any GoogleSDKCustomNativeAd) {}
    /// Does nothing by default.
    public func customNativeAdDidDismissScreen(_ nativeAd: any GoogleSDKCustomNativeAd) {}
}
