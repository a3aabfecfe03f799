import MediationConformance
import MediationCore
import TAMediaAdapter

extension SandboxTAMediaNetwork {
    /// Makes the sandbox SDK report `event` on the sandbox ad behind `ad`, through the delegate calls TAMedia
    /// makes: `nativeAdDidImpression:`, `nativeAdDidClick:` and `adViewWillLeaveApplication:`.
    ///
    /// - Returns: `false` for the modal events, which TAMedia's delegate does not have (it reports neither a
    ///   presented nor a dismissed modal), and when `ad` does not wrap a sandbox TAMedia ad.
    public static func report(_ event: ConformanceNetworkEvent, on ad: NativeAd) -> Bool {
        guard let adapter = ad.adapter as? TAMediaNativeAdAdapter,
            let networkAd = adapter.nativeAd as? SandboxTADNativeAd
        else { return false }
        switch event {
        case .impression:
            networkAd.simulateImpression()
        case .click:
            networkAd.simulateClick()
        case .willLeaveApplication:
            networkAd.simulateLeaveApplication()
        case .willPresentModal, .didDismissModal:
            return false
        }
        return true
    }
}
