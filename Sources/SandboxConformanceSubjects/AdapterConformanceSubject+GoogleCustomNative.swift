import GoogleCustomNativeAdapter
import MediationConformance
import MediationCore
import NetworkSandbox

extension AdapterConformanceSubject {
    /// The Google custom native adapter over the sandbox Google Mobile Ads SDK, on Google's sample ad unit and
    /// format (`Headline`, `MainImage`, `Caption` and an AdChoices image), with the static renderer configuration
    /// its README registers.
    ///
    /// It loads no bids (markup fails with `invalid_bid_markup`) and has no bid signal provider.
    public static let googleCustomNative: AdapterConformanceSubject = {
        var subject = googleCustomNativeSubject
        subject.expectations.providesBidSignal = false
        return subject
    }()

    private static let googleCustomNativeSubject = AdapterConformanceSubject(
        name: "Google custom native",
        customEventIdentifier: GoogleCustomNativeCustomEvent.identifier,
        validInfo: [
            GoogleCustomNativeConfiguration.InfoKey.adUnitID: .string(SandboxGoogleAdContent.sampleAdUnitID),
            GoogleCustomNativeConfiguration.InfoKey.formatIDs: .array([.string(SandboxGoogleAdContent.sampleFormatID)]),
        ],
        requiredInfoKeys: [
            GoogleCustomNativeConfiguration.InfoKey.adUnitID, GoogleCustomNativeConfiguration.InfoKey.formatIDs,
        ],
        filledProperties: [
            .title: .text, .text: .text, .mainImage: .image, .mainMedia: .media, .privacyIcon: .image,
        ],
        rendererConfigurations: [
            StaticNativeAdRenderer.configuration(customEvents: [GoogleCustomNativeCustomEvent.identifier])
        ],
        adapterVersion: { GoogleCustomNativeAdapterVersion.adapter },
        networkSDKVersion: { GoogleCustomNativeAdapterVersion.sdkVersion },
        expectations: ConformanceExpectations(
            fillMapping: ConformanceFillMapping(texts: [.title, .text], images: [.mainImage]),
            registersOnAttach: true,
            request: { inputs in
                let forwarded = PrivacyMatrix.forwardedSignals(to: .googleCustomNative, for: inputs.privacy)
                return [
                    "npa": forwarded.contains("npa") ? "1" : nil, "rdp": forwarded.contains("rdp") ? "1" : nil,
                    "tagForChildDirectedTreatment": forwarded.contains("tagForChildDirectedTreatment") ? "1" : "0",
                ]
            },
            passesHostEventsToNetwork: true),
        network: .googleSandbox,
        makeCustomEvent: { network in GoogleCustomNativeCustomEvent(factory: network) })

    /// The same adapter on a line with `bindAssetViews: true`: shown by binding the host's asset views
    /// (``ViewBindingNativeAdRenderer``), as Google Mobile Ads' `GADNativeAdView` outlets; everything else as
    /// ``googleCustomNative``.
    public static let googleCustomNativeViewBinding: AdapterConformanceSubject = {
        var subject = googleCustomNative
        subject.name = "Google custom native (view binding)"
        subject.validInfo.values[GoogleCustomNativeConfiguration.InfoKey.bindAssetViews] = .bool(true)
        subject.rendererConfigurations = [
            ViewBindingNativeAdRenderer.configuration(customEvents: [GoogleCustomNativeCustomEvent.identifier])
        ]
        return subject
    }()
}

extension ConformanceNetworkDriver where StandIn == SandboxGoogleNetwork {
    /// Drives a fresh ``SandboxGoogleNetwork`` per check.
    ///
    /// - The network's loaders answer on the request context's clock, which is the check's clock.
    /// - Scenarios become scripts through ``SandboxGoogleScript/init(_:sampleSeed:)``.
    /// - The advertiser's app of the samples' deep links counts as installed, so that a click is reported only
    ///   as a click (see ``SandboxGoogleNetwork/report(_:on:)``); the in-app browser's screen events are
    ///   reported separately.
    /// - A load attempt is a `load` call on one of the network's loaders.
    /// - Observed: the latest request's `npa` and `rdp` parameters and child-directed tag, whether the ad's
    ///   display measurement runs on a view, and the host's impressions and clicks passed to the SDK
    ///   (``SandboxGoogleNetwork/conformanceObservation(of:)``).
    public static var googleSandbox: Self {
        ConformanceNetworkDriver(
            makeStandIn: { _ in
                SandboxGoogleNetwork(installedAppSchemes: [SandboxGoogleAdContent.sampleDeepLinkScheme])
            },
            arrange: { network, scenario in network.script = SandboxGoogleScript(scenario) },
            trigger: { _, event, ad in SandboxGoogleNetwork.report(event, on: ad) },
            loadAttempts: { network in network.loadRequests.count },
            observe: { network, ad in network.conformanceObservation(of: ad) })
    }
}
