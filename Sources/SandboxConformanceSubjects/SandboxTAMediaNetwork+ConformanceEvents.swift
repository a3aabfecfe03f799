import MediationConformance
import MediationCore
import NetworkSandbox
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

extension SandboxTAMediaNetwork {
    /// What the sandbox SDK saw, for the conformance kit: the latest request's `gender` (`male`, `female`,
    /// `unknown`), and whether one of the network's ad views holds the sandbox ad behind `ad` and is embedded in a
    /// host surface. TAMedia counts impressions and clicks itself, so no host event reaches it.
    public func conformanceObservation(of ad: NativeAd?) -> ConformanceObservation {
        var fields: [String: String] = [:]
        if let request = loadRequests.last?.request {
            fields["gender"] = String(describing: request.gender)
        }
        let networkAd = (ad?.adapter as? TAMediaNativeAdAdapter)?.nativeAd as? SandboxTADNativeAd
        let registered = networkAd.map { networkAd in
            views.contains { view in view.nativeAd === networkAd && view.embeddedSurface != nil }
        }
        return ConformanceObservation(
            isRegisteredForInteraction: registered, lastRequest: fields, hostReportedImpressions: 0,
            hostReportedClicks: 0)
    }
}
