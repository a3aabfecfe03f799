/// The native kind of waterfall: lines are ``NativeCustomEvent``s with a renderer configuration, and each
/// loads a ``NativeAd``.
struct NativeWaterfallKind: WaterfallLoadKind {
    /// A native line: its custom event and the renderer configuration that supports it.
    struct ResolvedLine: Sendable {
        var customEvent: any NativeCustomEvent
        var rendererConfiguration: NativeAdRendererConfiguration
    }

    var registry: MediationRegistry
    var privacy: PrivacySettings
    var targeting: Targeting
    var clock: MediationClock
    var logger: any MediationLogger
    var trackerPinger: any TrackerPinging
    /// Wraps the host's precacher once per run.
    var imagePrecacher: URLPolicyImagePrecacher
    var adLifetime: Duration
    var adUnitID: String?
    var urlPolicy: MediationURLPolicy

    func resolve(_ identifier: String) throws(MediationError) -> ResolvedLine {
        let resolution = try registry.resolve(identifier)
        return ResolvedLine(
            customEvent: resolution.customEvent, rendererConfiguration: resolution.rendererConfiguration)
    }

    func supportsChildDirectedTraffic(_ line: ResolvedLine) -> Bool {
        line.customEvent.supportsChildDirectedTraffic
    }

    func request(_ line: ResolvedLine, for waterfallLine: WaterfallLine, reporter: WaterfallLineReporter<NativeAd>) {
        let context = NativeAdRequestContext(
            delegate: reporter,
            privacy: privacy,
            redactedTargeting: targeting,
            clock: clock,
            logger: logger,
            policyImagePrecacher: imagePrecacher,
            trackerPinger: trackerPinger,
            source: waterfallLine.source(adUnitID: adUnitID),
            adLifetime: adLifetime,
            urlPolicy: urlPolicy)
        line.customEvent.requestAd(info: waterfallLine.info, adMarkup: waterfallLine.adMarkup, context: context)
    }

    func stop(_ line: ResolvedLine) {
        line.customEvent.stop()
    }

    /// Nothing to do: a native ad nobody holds is released with its adapter.
    func release(_ loaded: NativeAd) {}

    func prepareWinner(_ loaded: NativeAd, from line: ResolvedLine) {
        loaded.attachRendererConfiguration(line.rendererConfiguration)
    }
}
