import MediationSupport

/// The in-stream kind of waterfall: lines are ``InstreamCustomEvent``s, each loading with the session's
/// request (its own info in place of the session's), and a line that loads yields an ``InstreamLoadedSource``.
struct InstreamWaterfallKind: WaterfallLoadKind {
    /// An in-stream line: its custom event.
    struct ResolvedLine: Sendable {
        var customEvent: any InstreamCustomEvent
    }

    /// The session's request; each line loads with it, with the line's info.
    var request: InstreamAdRequest
    /// The owner of a winning bid's billing pings (`x-burl`, fired through the mediator's pinger at its first banner
    /// start): the run's, so that the inspector finds them with its other notices; `nil` for a pinger that
    /// discards pings.
    var billingOwner: String?
    /// The requests the lines' custom events sent themselves (VAST tags and wrappers), for the run's trace.
    let sentRequests = Locked<[WireRecord]>([])

    /// In-stream runs are not capped.
    static var obeysFrequencyCaps: Bool { false }

    func resolve(_ identifier: String, in environment: WaterfallRunEnvironment) throws(MediationError) -> ResolvedLine {
        ResolvedLine(customEvent: try environment.services.registry.makeInstreamCustomEvent(identifier))
    }

    /// A bid line runs only on a custom event that loads markup (``InstreamCustomEvent/supportsBidding``).
    /// In-stream custom events carry the request's privacy themselves; none is refused for child-directed traffic
    /// by the engine.
    func capabilities(of line: ResolvedLine) -> WaterfallLineCapabilities {
        WaterfallLineCapabilities(supportsBidding: line.customEvent.supportsBidding, supportsChildDirectedTraffic: true)
    }

    func request(
        _ line: ResolvedLine, for waterfallLine: borrowing WaterfallLine,
        reporter: WaterfallLineReporter<InstreamWaterfallKind>, in environment: WaterfallRunEnvironment
    ) {
        var request = request
        request.info = waterfallLine.info
        request.adMarkup = waterfallLine.adMarkup
        let source = waterfallLine.source(adUnitID: nil)
        let relay = InstreamWaterfallLineRelay(
            customEvent: line.customEvent, reporter: reporter, logger: environment.logger,
            billingURLs: waterfallLine.isBid ? source.billingURLs : [],
            trackerPinger: environment.services.trackerPinger,
            billingOwner: billingOwner, revenuePerImpression: source.estimatedRevenuePerImpression,
            sentRequests: sentRequests, lineName: waterfallLine.customEventIdentifier)
        line.customEvent.load(request, delegate: relay)
    }

    /// Gives up loading: in-stream custom events are told to cancel, as the session does on its timeout.
    func stop(_ line: ResolvedLine) {
        line.customEvent.cancel()
    }

    /// A loaded source that lost (or loaded too late) is told to cancel, so the network can free what it
    /// loaded; a line's duplicate load is only dropped, since the line itself may still win.
    func release(_ loaded: InstreamLoadedSource) {
        if loaded.isFirstLoad { loaded.customEvent.cancel() }
    }

    func prepareWinner(_ loaded: InstreamLoadedSource, from line: ResolvedLine, in environment: WaterfallRunEnvironment)
    {}
}
