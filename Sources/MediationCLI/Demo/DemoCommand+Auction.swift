import Foundation
import MediationCore
import MediationNetworking
import MediationOpenRTB
import MediationOpenRTBBidding
import MediationSupport
import MediationTesting
import MyTargetAdapters
import NetworkSandbox

extension DemoCommand {
    /// What one `--auction` demo produced: the run, the signals collected before it, the notices fired and the
    /// revenue of the winner's impression.
    struct AuctionOutcome {
        var outcome: Outcome
        var signals: BidSignalCollection
        var signalsTook: Duration
        /// Every win, loss and billing notice the pinger got, in order, with when (from the run's start).
        var notices: [MediationInspection.Tracker]
        var revenue: AdRevenue?
    }

    /// Where the auction demo's ad response comes from.
    enum AuctionResponseOrigin {
        /// A response already read (the bundled one or `--config`).
        case loaded(AdResponse)
        /// The ad server at this URL, asked by a bidding POST that carries the collected signals (`--url`).
        case served(URL)
    }

    /// The demo's bidders: myTarget's stand-in token arrives after 40 ms; InMobi's never does (250 ms timeout).
    static func auctionRegistry(clock: MediationClock, myTarget: MyTargetSandbox) throws -> MediationRegistry {
        myTarget.setScript(
            .fill(MyTargetSandboxContent.storeBanner(), behavior: SandboxBehavior(latency: .milliseconds(300))),
            forSlot: 1001)
        myTarget.setScript(
            .fill(MyTargetSandboxContent.webBanner(), behavior: SandboxBehavior(latency: .milliseconds(120))),
            forSlot: 1002)
        var registry = try DemoNetworks.registry(clock: clock, myTarget: myTarget)
        try registry.registerOpenRTBNative(nativeRequest: DemoOpenRTBBid.nativeRequest())
        registry.addRendererConfiguration(
            StaticNativeAdRenderer.configuration(customEvents: [OpenRTBNativeCustomEvent.identifier]))
        try registry.registerBidSignalProvider(
            DemoBidSignalProvider(
                customEventIdentifier: MyTargetNativeBannerCustomEvent.identifier, networkName: "myTarget",
                latency: .milliseconds(40), clock: clock))
        try registry.registerBidSignalProvider(
            DemoBidSignalProvider(
                customEventIdentifier: "InMobiNativeCustomEvent", networkName: "InMobi", latency: nil, clock: clock),
            timeout: .milliseconds(250))
        return registry
    }

    /// ``runAuction(_:bidderEndpoint:strategy:privacy:targeting:adUnitID:logger:)`` of a loaded `response` with
    /// the bundled OpenRTB bid.
    static func runAuction(
        _ response: AdResponse, strategy: MediationStrategy, privacy: PrivacySettings, targeting: Targeting,
        adUnitID: String, logger: any MediationLogger
    ) async throws -> AuctionOutcome {
        try await runAuction(
            .loaded(response), bidderEndpoint: nil, strategy: strategy, privacy: privacy, targeting: targeting,
            adUnitID: adUnitID, logger: logger)
    }

    /// Collects the bid signals; then, in parallel, takes the server's answer to the request that carried them
    /// (`origin`) and asks the OpenRTB bidder at `bidderEndpoint` (the bundled bid when `nil`); runs one unified
    /// auction of both, records one impression of the winner, and returns what happened. The run is on a manual
    /// clock driven to completion; only the HTTP requests take real time.
    static func runAuction(
        _ origin: AuctionResponseOrigin, bidderEndpoint: URL?, strategy: MediationStrategy,
        privacy: PrivacySettings, targeting: Targeting, adUnitID: String, logger: any MediationLogger
    ) async throws -> AuctionOutcome {
        let clock = ManualClock()
        let mediationClock = MediationClock(clock)
        let pinger = RecordingTrackerPinger()
        let trackerLog = DemoTrackerLog(forwardingTo: pinger, clock: clock)
        let myTarget = DemoNetworks.myTargetSandbox(clock: mediationClock)
        let mediator = Mediator(
            registry: try auctionRegistry(clock: mediationClock, myTarget: myTarget),
            configuration: MediatorConfiguration(
                strategy: strategy, clock: mediationClock, privacy: privacy, targeting: targeting, logger: logger,
                trackerPinger: trackerLog, imagePrecacher: NoImagePrecaching()))
        let collected = Locked<BidSignalCollection?>(nil)
        let signalAdUnitID: String
        if case .loaded(let response) = origin {
            signalAdUnitID = response.adUnitID ?? adUnitID
        } else {
            signalAdUnitID = adUnitID
        }
        mediator.collectBidSignals(adUnitID: signalAdUnitID, format: .native) { collection in
            collected.withLock { $0 = collection }
        }
        clock.runUntilIdle()
        let signalsTook = clock.elapsedSinceStart
        guard let signals = collected.current else {
            throw MediationError.invalidConfiguration(path: "demo", reason: "the signal collection did not finish")
        }
        // The client-side OpenRTB bidder is asked while the ad server answers; its bid joins the server's entries.
        async let bid = demoBid(endpoint: bidderEndpoint, privacy: privacy, targeting: targeting)
        let response: AdResponse
        var requests: [WireRecord] = []
        switch origin {
        case .loaded(let loaded):
            response = loaded
        case .served(let url):
            let fetched = await fetchAuctionResponse(
                url, adUnitID: adUnitID, privacy: privacy, targeting: targeting, signals: signals.signals)
            requests += fetched.request.map { [$0] } ?? []
            response = try fetched.result.get()
        }
        let answered = try await bid
        requests += answered.outcome.request.map { [$0] } ?? []
        let (merged, notes) = response.addingBids([answered], nativeRequest: try DemoOpenRTBBid.nativeRequest())
        let delivered = Locked<(MediationRunResult, Duration)?>(nil)
        let run = mediator.mediate(merged, delivery: .immediate, runID: .next(), signals: signals.records) {
            result in
            delivered.withLock { $0 = (result, clock.elapsedSinceStart) }
        }
        clock.runUntilIdle()
        if delivered.current == nil { run.cancel() }
        guard let (delivered, elapsed) = delivered.current else {
            throw MediationError.invalidConfiguration(path: "demo", reason: "the run did not finish")
        }
        var trace = delivered.trace
        trace.notes = notes + trace.notes
        trace.requests = requests
        let result = MediationRunResult(outcome: delivered.outcome, trace: trace)
        var revenue: AdRevenue?
        if let ad = result.ad {
            let listener = await MainActor.run { DemoRevenueListener() }
            ad.delegate = listener
            // The impression: the host reports it, or (myTarget counts its own) the network's view is shown.
            ad.recordImpression()
            if ad.source.customEventIdentifier == MyTargetNativeBannerCustomEvent.identifier,
                let shown = myTarget.liveNativeBannerAds.last(where: { $0.banner != nil })
            {
                shown.register(view: DemoAdView(), clickableViews: nil)
                shown.simulateShow()
            }
            revenue = await MainActor.run { listener.revenue }
        }
        let inspection = inspection(
            of: result, mediator: mediator, trackers: trackerLog, elapsed: elapsed, runStart: signalsTook)
        let notices = inspection.trackers.filter { [.win, .loss, .billing].contains($0.event) }
        return AuctionOutcome(
            outcome: Outcome(result: result, elapsed: elapsed, firedURLs: pinger.pinged, inspection: inspection),
            signals: signals,
            signalsTook: signalsTook, notices: notices, revenue: revenue)
    }
}

extension DemoCommand.Options {
    /// The OpenRTB bidder's endpoint: `--bidder`, else `/openrtb2/auction` beside the `--url` server, else none
    /// (the bundled bid).
    var bidderEndpoint: URL? {
        bidderURL ?? url.flatMap(DemoOpenRTBBid.endpoint(besideAdServer:))
    }
}

extension DemoCommand {
    /// The demo bidder's answer: asked of `endpoint`, or the bundled one when `endpoint` is `nil`.
    static func demoBid(
        endpoint: URL?, privacy: PrivacySettings, targeting: Targeting
    ) async throws -> (bidder: String, outcome: OpenRTBBidderOutcome) {
        guard let endpoint else { return ("bundled OpenRTB bid response", try DemoOpenRTBBid.bundledOutcome()) }
        let bidder = try DemoOpenRTBBid.bidder(endpoint: endpoint)
        let outcome = await bidder.requestBids(
            requestID: DemoOpenRTBBid.auctionID, privacy: privacy, targeting: targeting)
        return (endpoint.absoluteString, outcome)
    }

    /// The ad server's answer at `url` to the bidding POST that carries `signals` (or the GET when none), and the
    /// request as it went on the wire (`nil` when none was sent).
    static func fetchAuctionResponse(
        _ url: URL, adUnitID: String, privacy: PrivacySettings, targeting: Targeting,
        signals: [CollectedBidSignal]
    ) async -> (result: Result<AdResponse, MediationError>, request: WireRecord?) {
        let source: HTTPAdResponseSource
        do throws(MediationError) {
            source = try HTTPAdResponseSource(endpoint: url)
        } catch {
            return (.failure(error), nil)
        }
        let fetch = AdResponseFetch()
        let result = await withCheckedContinuation { continuation in
            source.startFetch(
                forAdUnit: adUnitID, privacy: privacy, targeting: targeting, signals: signals, into: fetch
            ) { continuation.resume(returning: $0) }
        }
        return (result, fetch.wireRecord)
    }
}

/// The view the demo "shows" the winning myTarget ad in.
final class DemoAdView: Sendable {}

/// Hears the demo winner's revenue on the main actor.
@MainActor
final class DemoRevenueListener: NativeAdDelegate {
    var revenue: AdRevenue?

    func nativeAd(_ ad: NativeAd, didRecordRevenue revenue: AdRevenue) {
        self.revenue = revenue
    }
}
