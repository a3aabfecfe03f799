import GoogleCustomNativeAdapter
import MediationConformance
import MediationCore

extension SandboxGoogleNetwork {
    /// Makes the sandbox SDK report `event` on the sandbox ad behind `ad`, through the calls the real SDK makes:
    ///
    /// - impression: the SDK records one by itself (as for video) and calls `customNativeAdDidRecordImpression`;
    /// - click: a click on the asset host clicks go to (`performClickOnAsset(withKey:)`): the SDK records it and
    ///   calls `customNativeAdDidRecordClick`, then opens the ad's destination. On a network whose
    ///   `installedAppSchemes` hold the sample deep link's scheme that is the advertiser's app, which the SDK does
    ///   not report further; otherwise the in-app browser also presents a screen;
    /// - modal presented: `customNativeAdWillPresentScreen`; modal dismissed: `customNativeAdWillDismissScreen`
    ///   then `customNativeAdDidDismissScreen`, as the SDK sends them when the user closes its screen.
    ///
    /// - Returns: `false` for leaving the application, which the SDK has not reported since version 8, and when
    ///   `ad` does not wrap a sandbox Google ad.
    public static func report(_ event: ConformanceNetworkEvent, on ad: NativeAd) -> Bool {
        guard let adapter = ad.adapter as? GoogleCustomNativeAdAdapter,
            let networkAd = adapter.customNativeAd as? SandboxGoogleCustomNativeAd
        else { return false }
        switch event {
        case .impression:
            networkAd.simulateSDKImpression()
        case .click:
            guard let assetKey = adapter.defaultClickAssetKey else { return false }
            networkAd.performClickOnAsset(withKey: assetKey)
        case .willPresentModal:
            networkAd.simulatePresentScreen()
        case .didDismissModal:
            networkAd.simulateDismissScreen()
        case .willLeaveApplication:
            return false
        }
        return true
    }
}
