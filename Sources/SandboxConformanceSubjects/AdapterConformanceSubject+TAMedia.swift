import MediationConformance
import MediationCore
import NetworkSandbox
import TAMediaAdapter

extension AdapterConformanceSubject {
    /// The TAMedia adapter over the sandbox TAMedia SDK, with its own renderer configuration
    /// (`TAMediaNativeAdRenderer`, listing `TAMediaCustomNativeAdEvent` as the renderer in TAMedia's MoPub guide does).
    ///
    /// It loads no bids (markup fails with `invalid_bid_markup`) and has no bid signal provider.
    public static let tamedia: AdapterConformanceSubject = {
        var subject = tamediaSubject
        subject.expectations.providesBidSignal = false
        return subject
    }()

    private static let tamediaSubject = AdapterConformanceSubject(
        name: "TAMedia native",
        customEventIdentifier: TAMediaCustomNativeAdEvent.identifier,
        validInfo: [TAMediaCustomNativeAdEvent.adUnitIDInfoKey: .string(SandboxTAMediaSamples.adUnitId)],
        requiredInfoKeys: [TAMediaCustomNativeAdEvent.adUnitIDInfoKey],
        filledProperties: [
            .title: .text, .text: .text, .callToAction: .text, .iconImage: .image, .mainMedia: .media,
            .shortTitle: .text, .rectangleImage: .image,
        ],
        rendererConfigurations: [TAMediaNativeAdRenderer.configuration()],
        adapterVersion: { TAMediaAdapterVersion.adapter },
        networkSDKVersion: { TAMediaAdapterVersion.sdkVersion },
        expectations: ConformanceExpectations(
            fillMapping: ConformanceFillMapping(
                texts: [.title, .text, .callToAction, .shortTitle], images: [.iconImage, .rectangleImage],
                requiredKeys: TAMediaCustomNativeAdEvent.requiredKeys),
            registersOnAttach: true,
            request: { inputs in ["gender": inputs.targeting.gender?.rawValue ?? "unknown"] },
            passesHostEventsToNetwork: false),
        network: .tamediaSandbox,
        makeCustomEvent: { network in TAMediaCustomNativeAdEvent(factory: network) })
}

extension ConformanceNetworkDriver where StandIn == SandboxTAMediaNetwork {
    /// Drives a fresh ``SandboxTAMediaNetwork`` per check.
    ///
    /// - The network's ads answer on the request context's clock, which is the check's clock.
    /// - Scenarios become scripts through ``SandboxTAMediaScript/init(_:sampleSeed:)``.
    /// - Events are reported as ``SandboxTAMediaNetwork/report(_:on:)`` says; TAMedia has no modal events.
    /// - A load attempt is a `loadRequest:` on one of the network's ads.
    /// - Observed: the latest request's gender, and whether one of the network's ad views shows the ad
    ///   (``SandboxTAMediaNetwork/conformanceObservation(of:)``).
    public static var tamediaSandbox: Self {
        ConformanceNetworkDriver(
            makeStandIn: { _ in SandboxTAMediaNetwork() },
            arrange: { network, scenario in network.script = SandboxTAMediaScript(scenario) },
            trigger: { _, event, ad in SandboxTAMediaNetwork.report(event, on: ad) },
            loadAttempts: { network in network.loadRequests.count },
            observe: { network, ad in network.conformanceObservation(of: ad) })
    }
}
