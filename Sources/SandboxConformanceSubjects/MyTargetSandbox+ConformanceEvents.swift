import MediationConformance
import MediationCore
import MediationTesting
import MyTargetAdapters
import NetworkSandbox

extension MyTargetSandbox {
    /// The slot the conformance subject ``AdapterConformanceSubject/myTargetNativeBanner`` loads, which its
    /// driver scripts.
    public static let conformanceSlotId: UInt = 30_294

    /// Makes the sandbox SDK report `event` on the sandbox ad behind `ad`, through the delegate calls myTarget
    /// makes (`MTRGNativeBannerAdDelegate`), once:
    ///
    /// - impression: `onAdShow`, which the SDK reports when the registered view becomes visible;
    /// - click: `onAdClick`, for a tap on the registered view. What the click opens is reported as the SDK
    ///   reports it, separately: a store sheet or in-app browser as the modal events, Safari or the store app as
    ///   leaving the application;
    /// - modal presented / dismissed: `onShowModal` / `onDismissModal`; leaving the app: `onLeaveApplication`.
    ///
    /// myTarget counts shows and clicks only on a registered view. When no view is registered on the SDK ad,
    /// the ad is first shown as a host shows it: rendered into a ``NativeAdCard`` with its matched renderer (or
    /// the adapter's own ``MyTargetNativeBannerCustomEvent/rendererConfiguration(settings:)``), which makes the
    /// adapter register the card with the SDK. An adapter that then has registered nothing gets no show and no
    /// click, which is what the real SDK would do to it.
    ///
    /// - Returns: `false` only when `ad` does not wrap a sandbox myTarget ad; myTarget reports every event.
    public static func report(_ event: ConformanceNetworkEvent, on ad: NativeAd) -> Bool {
        guard let adapter = ad.adapter as? MyTargetNativeBannerAdapter,
            let networkAd = adapter.nativeBannerAd as? MyTargetSandboxNativeBannerAd
        else { return false }
        switch event {
        case .impression:
            showIfUnregistered(ad, networkAd: networkAd)
            networkAd.simulateShow()
        case .click:
            showIfUnregistered(ad, networkAd: networkAd)
            networkAd.simulateClick()
        case .willPresentModal:
            networkAd.simulateShowModal()
        case .didDismissModal:
            networkAd.simulateDismissModal()
        case .willLeaveApplication:
            networkAd.simulateLeaveApplication()
        }
        return true
    }

    private static func showIfUnregistered(_ ad: NativeAd, networkAd: MyTargetSandboxNativeBannerAd) {
        guard !networkAd.isRegistered else { return }
        let configuration = ad.rendererConfiguration ?? MyTargetNativeBannerCustomEvent.rendererConfiguration()
        let renderer = configuration.makeRenderer()
        MainActorDelivery.runSynchronously { try? ad.render(into: NativeAdCard(), using: renderer) }
    }
}

extension MyTargetSandbox {
    /// What the sandbox SDK saw, for the conformance kit: the SDK-wide privacy (`privacy.userConsent`,
    /// `privacy.ccpaUserConsent`, `privacy.userAgeRestricted` as `1`/`0`), the latest ad's custom params
    /// (`customParams.age`, `customParams.gender`, `customParams.language`) and bid ID (`bidId`), and whether the
    /// sandbox ad behind `ad` has a registered view; the bid IDs given to `loadFromBid:` and the count of ordinary
    /// `load` calls (``bidLoads``, ``ordinaryLoadCount``). myTarget counts impressions and clicks itself, so no host
    /// event reaches it: the host-reported counts are zero.
    public func conformanceObservation(of ad: NativeAd?) -> ConformanceObservation {
        let networkAd =
            ((ad?.adapter as? MyTargetNativeBannerAdapter)?.nativeBannerAd as? MyTargetSandboxNativeBannerAd)
        var fields: [String: String] = [:]
        if let privacy {
            fields["privacy.userAgeRestricted"] = privacy.userAgeRestricted ? "1" : "0"
            fields["privacy.userConsent"] = privacy.userConsent.map { $0 ? "1" : "0" }
            fields["privacy.ccpaUserConsent"] = privacy.ccpaUserConsent.map { $0 ? "1" : "0" }
        }
        if let last = lastNativeBannerAd {
            let params = last.customParams
            fields["customParams.age"] = params.age.map(String.init)
            fields["customParams.gender"] = params.gender.targetingName
            fields["customParams.language"] = params.language
            if case .bid(let bidId)? = last.loadRequests.last { fields["bidId"] = bidId }
        }
        var observation = ConformanceObservation(
            isRegisteredForInteraction: networkAd?.isRegistered, lastRequest: fields, hostReportedImpressions: 0,
            hostReportedClicks: 0)
        observation.markupLoads = bidLoads
        observation.ordinaryLoads = ordinaryLoadCount
        return observation
    }
}

extension MyTargetGender {
    /// The unified name of the gender (`male`, `female`, `unknown`), `nil` when unspecified.
    fileprivate var targetingName: String? {
        switch self {
        case .unspecified: nil
        case .unknown: "unknown"
        case .male: "male"
        case .female: "female"
        }
    }
}
