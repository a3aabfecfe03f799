/// The native kind of waterfall: lines are ``NativeCustomEvent``s with a renderer configuration, and each
/// loads a ``NativeAd``.
struct NativeWaterfallKind: WaterfallLoadKind {
    /// A native line: its custom event, and where the registry keeps the renderer configuration that supports
    /// it (an index, so that a line costs one reference to copy, not the configuration's three).
    struct ResolvedLine: Sendable {
        var customEvent: any NativeCustomEvent
        /// 32 bits, so that a resolved line is three words, not four.
        var rendererConfiguration: Int32
        /// Where the registry keeps the line's custom event (``MediationRegistry/resolveNativeLine(_:after:)``): the
        /// next line's hint. 32 bits, in the room the configuration's index leaves.
        var registryEntry: Int32

        /// The index of the renderer configuration in the registry.
        var rendererConfigurationIndex: Int { Int(rendererConfiguration) }
    }

    /// What every run of the mediator shares: the registry, the clock, the pinger, the ad lifetime and the URL
    /// policy.
    var services: WaterfallRunServices
    /// What every line's request context shares: the run's privacy and targeting snapshot, logger and precacher
    /// with the mediator's clock, pinger, ad lifetime and URL policy.
    var requestScope: NativeAdRequestRunScope
    var adUnitID: String?

    /// The run's logger: the one its request scope hands every line.
    var logger: any MediationLogger { requestScope.logger }

    func resolve(_ identifier: String, after previous: ResolvedLine?) throws(MediationError) -> ResolvedLine {
        let (customEvent, configuration, entry) = try services.registry.resolveNativeLine(
            identifier, after: previous.map { Int($0.registryEntry) } ?? -1)
        return ResolvedLine(
            customEvent: customEvent, rendererConfiguration: Int32(clamping: configuration),
            registryEntry: Int32(clamping: entry))
    }

    func supportsChildDirectedTraffic(_ line: ResolvedLine) -> Bool {
        line.customEvent.supportsChildDirectedTraffic
    }

    func supportsBidding(_ line: ResolvedLine) -> Bool {
        line.customEvent.supportsBidding
    }

    /// A native custom event names itself in its outcomes (``NativeAdRequestContext/report(_:from:)``).
    func reportingIdentity(of line: ResolvedLine) -> ObjectIdentifier? {
        ObjectIdentifier(line.customEvent)
    }

    func request(
        _ line: ResolvedLine, for waterfallLine: UnsafePointer<WaterfallLine>,
        reporting: WaterfallLineReporting<NativeWaterfallKind>
    ) {
        let delegate: any NativeCustomEventDelegate
        switch reporting {
        case .run(let run, _): delegate = run
        case .reporter(let reporter): delegate = reporter
        }
        let context = NativeAdRequestContext(
            delegate: delegate, source: WaterfallLine.source(of: waterfallLine, adUnitID: adUnitID), scope: requestScope
        )
        line.customEvent.requestAd(
            info: waterfallLine.pointee.info, adMarkup: waterfallLine.pointee.adMarkup, context: context)
    }

    func stop(_ line: ResolvedLine) {
        line.customEvent.stop()
    }

    /// Nothing to do: a native ad nobody holds is released with its adapter.
    func release(_ loaded: NativeAd) {}

    func prepareWinner(_ loaded: NativeAd, from line: ResolvedLine) {
        loaded.attachRendererConfiguration(services.registry.rendererConfigurations[line.rendererConfigurationIndex])
    }
}
