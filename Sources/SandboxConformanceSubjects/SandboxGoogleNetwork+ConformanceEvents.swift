import GoogleCustomNativeAdapter
import MediationConformance
import MediationCore
import NetworkSandbox

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

extension SandboxGoogleNetwork {
    /// What the sandbox SDK saw, for the conformance kit: the latest request's `npa` and `rdp` extra parameters
    /// and `tagForChildDirectedTreatment` (`1`/`0`); for the sandbox ad behind `ad`, whether its display
    /// measurement was started on a view, how many `recordImpression` calls and how many clicks reached it.
    public func conformanceObservation(of ad: NativeAd?) -> ConformanceObservation {
        var fields: [String: String] = [:]
        if let request = loadRequests.last?.request {
            fields["npa"] = request.additionalParameters["npa"]
            fields["rdp"] = request.additionalParameters["rdp"]
            fields["tagForChildDirectedTreatment"] = request.tagForChildDirectedTreatment.map { $0 ? "1" : "0" }
        }
        let networkAd = (ad?.adapter as? GoogleCustomNativeAdAdapter)?.customNativeAd as? SandboxGoogleCustomNativeAd
        let measurement = networkAd?.sandboxMeasurement
        let registered = networkAd.map { _ in (measurement?.startCount ?? 0) > 0 && measurement?.view != nil }
        return ConformanceObservation(
            isRegisteredForInteraction: registered, lastRequest: fields,
            hostReportedImpressions: networkAd?.impressionCallCount, hostReportedClicks: networkAd?.clicks.count)
    }
}
