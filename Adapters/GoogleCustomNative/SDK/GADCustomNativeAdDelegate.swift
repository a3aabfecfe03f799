/// Receives a custom native ad's events (`GADCustomNativeAdDelegate`).
///
/// Every method is optional in the SDK: the extension gives empty defaults. Since SDK 8 there is no
/// "will leave application" event.
public protocol GADCustomNativeAdDelegate: AnyObject, Sendable {
    /// The SDK recorded an impression (`customNativeAdDidRecordImpression:`).
    func customNativeAdDidRecordImpression(_ nativeAd: any GADCustomNativeAd)
    /// The SDK recorded a click (`customNativeAdDidRecordClick:`).
    func customNativeAdDidRecordClick(_ nativeAd: any GADCustomNativeAd)
    /// A full-screen view (in-app browser, store sheet) is about to appear (`customNativeAdWillPresentScreen:`).
    func customNativeAdWillPresentScreen(_ nativeAd: any GADCustomNativeAd)
    /// That view is about to be dismissed (`customNativeAdWillDismissScreen:`).
    func customNativeAdWillDismissScreen(_ nativeAd: any GADCustomNativeAd)
    /// That view was dismissed (`customNativeAdDidDismissScreen:`).
    func customNativeAdDidDismissScreen(_ nativeAd: any GADCustomNativeAd)
}

extension GADCustomNativeAdDelegate {
    /// Does nothing by default.
    public func customNativeAdDidRecordImpression(_ nativeAd: any GADCustomNativeAd) {}
    /// Does nothing by default.
    public func customNativeAdDidRecordClick(_ nativeAd: any GADCustomNativeAd) {}
    /// Does nothing by default.
    public func customNativeAdWillPresentScreen(_ nativeAd: any GADCustomNativeAd) {}
    /// Does nothing by default.
    public func customNativeAdWillDismissScreen(_ nativeAd: any GADCustomNativeAd) {}
    /// Does nothing by default.
    public func customNativeAdDidDismissScreen(_ nativeAd: any GADCustomNativeAd) {}
}
