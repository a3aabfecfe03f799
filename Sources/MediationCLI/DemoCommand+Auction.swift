import Foundation
import MediationCore
import MediationOpenRTB
import MediationOpenRTBBidding
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
        /// Every win, loss and billing notice the pinger got, in order.
        var notices: [TrackerPing]
        var revenue: AdRevenue?
    }

    /// The answer of the demo's client-side OpenRTB bidder: one OpenRTB Native bid at 2.5 USD from seat
    /// `demo-dsp`, with its win, loss and billing notices (as Prebid Server would answer; no server runs).
    static let bundledBidResponse = #"""
        {"id": "demo-openrtb-1", "cur": "USD", "seatbid": [{"seat": "demo-dsp", "bid": [{
          "id": "dsp-bid-1", "impid": "1", "price": 2.5, "crid": "creative-77", "adomain": ["pears.example"],
          "nurl": "https://dsp.example/win?bid=${AUCTION_BID_ID}&price=${AUCTION_PRICE}",
          "lurl": "https://dsp.example/loss?bid=${AUCTION_BID_ID}&reason=${AUCTION_LOSS}&win=${AUCTION_MIN_TO_WIN}",
          "burl": "https://dsp.example/bill?bid=${AUCTION_BID_ID}&price=${AUCTION_PRICE}",
          "adm": "{\"ver\":\"1.2\",\"assets\":[{\"id\":1,\"title\":{\"text\":\"Pears, delivered\"}}],\"link\":{\"url\":\"https://pears.example/\"},\"imptrackers\":[\"https://dsp.example/imp?p=${AUCTION_PRICE}\"]}"
        }]}]}
        """#

    /// The demo's bidders: myTarget's stand-in token arrives after 40 ms; InMobi's never does (250 ms timeout).
    static func auctionRegistry(clock: MediationClock, myTarget: MyTargetSandbox) throws -> MediationRegistry {
        myTarget.setScript(
            .fill(MyTargetSandboxContent.storeBanner(), behavior: SandboxBehavior(latency: .milliseconds(300))),
            forSlot: 1001)
        myTarget.setScript(
            .fill(MyTargetSandboxContent.webBanner(), behavior: SandboxBehavior(latency: .milliseconds(120))),
            forSlot: 1002)
        var registry = try DemoNetworks.registry(clock: clock, myTarget: myTarget)
        try registry.registerOpenRTBNative()
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

    /// Collects the bid signals, runs `response` as the server's answer to the request that carried them,
    /// records one impression of the winner, and returns what happened; on a manual clock driven to completion.
    static func runAuction(
        _ response: AdResponse, strategy: MediationStrategy, privacy: PrivacySettings, targeting: Targeting,
        adUnitID: String, logger: any MediationLogger
    ) async throws -> AuctionOutcome {
        let clock = ManualClock()
        let mediationClock = MediationClock(clock)
        let pinger = RecordingTrackerPinger()
        let myTarget = DemoNetworks.myTargetSandbox(clock: mediationClock)
        let mediator = Mediator(
            registry: try auctionRegistry(clock: mediationClock, myTarget: myTarget),
            configuration: MediatorConfiguration(
                strategy: strategy, clock: mediationClock, privacy: privacy, targeting: targeting, logger: logger,
                trackerPinger: pinger, imagePrecacher: NoImagePrecaching()))
        let collected = Locked<BidSignalCollection?>(nil)
        mediator.collectBidSignals(adUnitID: response.adUnitID ?? adUnitID, format: .native) { collection in
            collected.withLock { $0 = collection }
        }
        clock.runUntilIdle()
        let signalsTook = clock.elapsedSinceStart
        guard let signals = collected.current else {
            throw MediationError.invalidConfiguration(path: "demo", reason: "the signal collection did not finish")
        }
        // The client-side OpenRTB bidder's answer (the bundled bid response) joins the server's entries.
        let bidResponse = try OpenRTBBidResponse.parse(data: Data(bundledBidResponse.utf8))
        let (merged, notes) = response.addingBids(
            [
                (
                    "bundled OpenRTB bid response",
                    OpenRTBBidderOutcome(bids: bidResponse.bids, auctionID: "demo-openrtb-1")
                )
            ])
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
        let notices = pinger.pings.filter { [.win, .loss, .billing].contains($0.event) }
        return AuctionOutcome(
            outcome: Outcome(result: result, elapsed: elapsed, firedURLs: pinger.pinged), signals: signals,
            signalsTook: signalsTook, notices: notices, revenue: revenue)
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
