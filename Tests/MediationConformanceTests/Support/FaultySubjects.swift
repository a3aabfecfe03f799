import MediationConformance
import MediationCore

extension AdapterConformanceSubject {
    /// The faulty adapter with `fault`, over the reference sandbox network.
    static func faulty(_ fault: AdapterFault) -> AdapterConformanceSubject {
        let listed = fault == .unlistedInRenderer ? "SomeOtherCustomEvent" : FaultyNativeCustomEvent.identifier
        return AdapterConformanceSubject(
            name: "Faulty adapter (\(fault.rawValue))",
            customEventIdentifier: FaultyNativeCustomEvent.identifier,
            validInfo: [FaultyNativeCustomEvent.placementIDKey: .string("faulty-placement")],
            requiredInfoKeys: [FaultyNativeCustomEvent.placementIDKey],
            filledProperties: [
                .title: .text, .text: .text, .callToAction: .text, .sponsored: .text, .iconImage: .image,
                .starRating: .number,
            ],
            rendererConfigurations: [StaticNativeAdRenderer.configuration(customEvents: [listed])],
            adapterVersion: { fault == .missingVersion ? "" : "0.1.0.0" },
            networkSDKVersion: { ReferenceSandboxNetwork.sdkVersion },
            network: ConformanceNetworkDriver(
                makeStandIn: { clock in ReferenceSandboxNetwork(clock: clock) },
                arrange: { network, scenario in network.arrange(scenario) },
                trigger: { _, event, ad in
                    guard let adapter = ad.adapter as? FaultyNativeAdAdapter,
                        let networkAd = adapter.networkAd as? ReferenceSandboxNativeAd
                    else { return false }
                    networkAd.simulate(event)
                    return true
                },
                loadAttempts: { network in network.loadCount }),
            makeCustomEvent: { network in FaultyNativeCustomEvent(loader: network, fault: fault) })
    }
}

extension ConformanceOptions {
    /// The default options with a short real-time wait, so that adapters that never answer fail fast.
    static let fastFailing = ConformanceOptions(backgroundWaitLimit: .milliseconds(300))
}
