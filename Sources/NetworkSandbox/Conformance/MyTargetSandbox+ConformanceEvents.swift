import MediationConformance
import MediationCore
import MyTargetAdapters

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
