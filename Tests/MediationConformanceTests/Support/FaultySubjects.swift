import MediationConformance
import MediationCore

extension AdapterConformanceSubject {
    /// The faulty adapter with `fault`, over the reference sandbox network, declaring the reference adapter's
    /// mapping (on a 0…10 rating scale for `.unscaledTenPointRating`), registration, request fields and host
    /// events.
    static func faulty(_ fault: AdapterFault) -> AdapterConformanceSubject {
        let listed = fault == .unlistedInRenderer ? "SomeOtherCustomEvent" : FaultyNativeCustomEvent.identifier
        var subject = AdapterConformanceSubject(
            name: "Faulty adapter (\(fault.rawValue))",
            customEventIdentifier: FaultyNativeCustomEvent.identifier,
            validInfo: [FaultyNativeCustomEvent.placementIDKey: .string("faulty-placement")],
            requiredInfoKeys: [FaultyNativeCustomEvent.placementIDKey],
            filledProperties: [
                .title: .text, .text: .text, .callToAction: .text, .sponsored: .text, .iconImage: .image,
                .starRating: .number,
            ],
            rendererConfigurations: [
                fault.bindsViews
                    ? ViewBindingNativeAdRenderer.configuration(customEvents: [listed])
                    : StaticNativeAdRenderer.configuration(customEvents: [listed])
            ],
            adapterVersion: { fault == .missingVersion ? "" : "0.1.0.0" },
            networkSDKVersion: { ReferenceSandboxNetwork.sdkVersion },
            expectations: ConformanceExpectations(
                fillMapping: ConformanceFillMapping(
                    texts: [.title, .text, .callToAction, .sponsored], images: [.iconImage, .mainImage],
                    ratingScale: fault == .unscaledTenPointRating ? 0...10 : 0...5, hasClickURL: true,
                    requiredKeys: FaultyNativeCustomEvent.requiredProperties),
                registersOnAttach: true,
                request: { inputs in ReferenceLoadOptions.expectedFields(for: inputs) },
                passesHostEventsToNetwork: true),
            network: .faultySandbox(fault),
            makeCustomEvent: { network in FaultyNativeCustomEvent(loader: network, fault: fault) })
        subject.expectations.providesBidSignal = true
        return subject
    }
}

extension ConformanceNetworkDriver where StandIn == ReferenceSandboxNetwork {
    /// The reference sandbox, reporting events on and observing the ads of ``FaultyNativeAdAdapter``; the bidder
    /// is a ``FaultyBidSignalProvider`` with `fault`.
    static func faultySandbox(_ fault: AdapterFault) -> Self {
        var driver = ConformanceNetworkDriver(
            makeStandIn: { clock in ReferenceSandboxNetwork(clock: clock) },
            arrange: { network, scenario in network.arrange(scenario) },
            trigger: { _, event, ad in
                guard let adapter = ad.adapter as? FaultyNativeAdAdapter,
                    let networkAd = adapter.networkAd as? ReferenceSandboxNativeAd
                else { return false }
                networkAd.simulate(event)
                return true
            },
            loadAttempts: { network in network.loadCount },
            observe: { network, ad in
                let adapter = ad?.adapter as? FaultyNativeAdAdapter
                return network.observation(of: adapter?.networkAd as? ReferenceSandboxNativeAd)
            })
        driver.invalidate = { _, ad in
            guard let adapter = ad.adapter as? FaultyNativeAdAdapter,
                let networkAd = adapter.networkAd as? ReferenceSandboxNativeAd
            else { return false }
            networkAd.simulateInvalidation()
            return true
        }
        driver.bidSignalProvider = { network in FaultyBidSignalProvider(network: network, fault: fault) }
        driver.rejectBidMarkup = { network, markup in network.rejectBidToken(markup) }
        return driver
    }
}

extension ConformanceOptions {
    /// The default options with a shorter real-time wait, so that adapters that never answer fail faster. A check
    /// that passes waits only as long as the answer takes, so the wait stays long enough for answers made on other
    /// threads while the whole suite runs under a sanitizer.
    static let fastFailing = ConformanceOptions(backgroundWaitLimit: .seconds(2))
}
