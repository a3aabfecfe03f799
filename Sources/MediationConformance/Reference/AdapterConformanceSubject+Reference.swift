import MediationCore

extension AdapterConformanceSubject {
    /// The kit's own reference example: the reference adapter over the reference sandbox network. It passes
    /// every check and shows what a subject description looks like; it is not a real network. It loads bids
    /// (markup as the load's bid token) and has a bid signal provider (``ReferenceBidSignalProvider``).
    public static let referenceExample: AdapterConformanceSubject = {
        var subject = referenceWithoutBidSignal
        subject.expectations.providesBidSignal = true
        return subject
    }()

    private static let referenceWithoutBidSignal = AdapterConformanceSubject(
        name: "Reference adapter (conformance kit example)",
        customEventIdentifier: ReferenceNativeCustomEvent.identifier,
        validInfo: [ReferenceNativeCustomEvent.placementIDKey: .string("reference-placement-1")],
        requiredInfoKeys: [ReferenceNativeCustomEvent.placementIDKey],
        filledProperties: [
            .title: .text, .text: .text, .callToAction: .text, .sponsored: .text, .iconImage: .image,
            .mainImage: .image, .starRating: .number, .privacyClickURL: .url,
        ],
        rendererConfigurations: [ReferenceRendererConfiguration.make()],
        adapterVersion: { ReferenceAdapterVersion.adapter },
        networkSDKVersion: { ReferenceAdapterVersion.networkSDK },
        expectations: ConformanceExpectations(
            fillMapping: ConformanceFillMapping(
                texts: [.title, .text, .callToAction, .sponsored], images: [.iconImage, .mainImage],
                ratingScale: 0...5, hasClickURL: true, requiredKeys: ReferenceNativeCustomEvent.requiredProperties),
            registersOnAttach: true,
            request: { inputs in ReferenceLoadOptions.expectedFields(for: inputs) },
            passesHostEventsToNetwork: true),
        network: .referenceSandbox,
        makeCustomEvent: { network in ReferenceNativeCustomEvent(loader: network) })
}

extension ConformanceNetworkDriver where StandIn == ReferenceSandboxNetwork {
    /// Drives a ``ReferenceSandboxNetwork`` made on the check's clock; its bidder is a ``ReferenceBidSignalProvider``
    /// over the same network, and a rejected markup is a bid token the network refuses.
    public static var referenceSandbox: Self {
        var driver = ConformanceNetworkDriver(
            makeStandIn: { clock in ReferenceSandboxNetwork(clock: clock) },
            arrange: { network, scenario in network.arrange(scenario) },
            trigger: { _, event, ad in ReferenceSandboxNetwork.report(event, on: ad) },
            loadAttempts: { network in network.loadCount },
            observe: { network, ad in
                let adapter = ad?.adapter as? ReferenceNativeAdAdapter
                return network.observation(of: adapter?.networkAd as? ReferenceSandboxNativeAd)
            })
        driver.invalidate = { _, ad in ReferenceSandboxNetwork.invalidate(ad) }
        driver.bidSignalProvider = { network in ReferenceBidSignalProvider(network: network) }
        driver.rejectBidMarkup = { network, markup in network.rejectBidToken(markup) }
        return driver
    }
}

extension ReferenceLoadOptions {
    /// The request fields a reference adapter must send for `inputs`: the child-directed flag, age and gender
    /// as the (redacted) targeting holds them, the bid markup as the bid token.
    public static func expectedFields(for inputs: ConformanceRequestInputs) -> [String: String?] {
        [
            "childDirected": inputs.privacy.isChildDirected ? "1" : "0", "age": inputs.targeting.age.map(String.init),
            "gender": inputs.targeting.gender?.rawValue, "bidToken": inputs.adMarkup,
        ]
    }
}
