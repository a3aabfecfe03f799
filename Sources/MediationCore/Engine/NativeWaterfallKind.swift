/// The native kind of waterfall: lines are ``NativeCustomEvent``s with a renderer configuration, and each
/// loads a ``NativeAd``.
struct NativeWaterfallKind: WaterfallLoadKind {
    /// A native line: its custom event, and the index of the renderer configuration in the registry that
    /// supports it.
    struct ResolvedLine: Sendable {
        var customEvent: any NativeCustomEvent
        var rendererConfigurationIndex: Int
    }

    /// What every line's request context shares: the run's privacy and targeting snapshot, logger and precacher
    /// with the mediator's clock, pinger, ad lifetime and URL policy (the bridge's view of the run, which custom
    /// events see; the rest of the run is its ``WaterfallRunEnvironment``).
    var requestScope: NativeAdRequestRunScope

    /// Native runs are capped.
    static var obeysFrequencyCaps: Bool { true }

    func resolve(_ identifier: String, in environment: WaterfallRunEnvironment) throws(MediationError) -> ResolvedLine {
        let (customEvent, configuration) = try environment.services.registry.resolveNativeLine(identifier)
        return ResolvedLine(customEvent: customEvent, rendererConfigurationIndex: configuration)
    }

    /// What the custom event declares (``NativeCustomEvent/supportsBidding``,
    /// ``NativeCustomEvent/supportsChildDirectedTraffic``).
    func capabilities(of line: ResolvedLine) -> WaterfallLineCapabilities {
        WaterfallLineCapabilities(
            supportsBidding: line.customEvent.supportsBidding,
            supportsChildDirectedTraffic: line.customEvent.supportsChildDirectedTraffic)
    }

    func request(
        _ line: ResolvedLine, for waterfallLine: borrowing WaterfallLine,
        reporter: WaterfallLineReporter<NativeWaterfallKind>, in environment: WaterfallRunEnvironment
    ) {
        // A bid's billing URLs are made when the custom event reads its source, not for every bid line.
        let context = NativeAdRequestContext(
            delegate: reporter, source: waterfallLine.sourceBeforeBilling(adUnitID: environment.adUnitID),
            billingURLs: waterfallLine.billingURLExpansion, scope: requestScope)
        line.customEvent.requestAd(info: waterfallLine.info, adMarkup: waterfallLine.adMarkup, context: context)
    }

    func stop(_ line: ResolvedLine) {
        line.customEvent.stop()
    }

    /// Nothing to do: a native ad nobody holds is released with its adapter.
    func release(_ loaded: NativeAd) {}

    func prepareWinner(_ loaded: NativeAd, from line: ResolvedLine, in environment: WaterfallRunEnvironment) {
        let configurations = environment.services.registry.rendererConfigurations
        loaded.attachRendererConfiguration(configurations[line.rendererConfigurationIndex])
    }

    /// The cap per creative, for an ad whose creative is known once it loaded (the network's own identifier, or the
    /// line's, counted again now that time has passed).
    func capRefusal(ofLoaded loaded: NativeAd, caps: FrequencyCapStore) -> FrequencyCapRefusal? {
        guard let creative = loaded.creativeIdentifier else { return nil }
        return caps.refusal(afterLoadingCreative: creative)
    }

    /// The ad's first impression counts under the run's ad unit, the line's network, the ad's creative and the line's
    /// cap.
    func countImpression(
        of loaded: NativeAd, line: borrowing WaterfallLine, caps: FrequencyCapStore, adUnitID: String?
    ) {
        caps.track(
            loaded,
            as: FrequencyCapIdentity(
                adUnit: adUnitID, network: line.displayNetworkName, creative: loaded.creativeIdentifier,
                lineKey: line.frequencyCapKey, lineCap: line.frequencyCap))
    }
}
