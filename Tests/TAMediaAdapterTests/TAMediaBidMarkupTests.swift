import MediationCore
import MediationTesting
import NetworkSandbox
import TAMediaAdapter
import Testing

/// The TAMedia adapter loads no bids: a line with markup fails at once with `invalid_bid_markup` at `adm`, and the
/// SDK is never asked to load.
@Suite struct TAMediaBidMarkupTests {
    private func request(adMarkup: String?) -> (SandboxTAMediaNetwork, RecordingCustomEventDelegate, RecordingLogger) {
        let network = SandboxTAMediaNetwork()
        let delegate = RecordingCustomEventDelegate()
        let logger = RecordingLogger()
        let customEvent = TAMediaCustomNativeAdEvent(factory: network)
        customEvent.requestAd(
            info: [TAMediaCustomNativeAdEvent.adUnitIDInfoKey: .string(SandboxTAMediaSamples.adUnitId)],
            adMarkup: adMarkup,
            context: NativeAdRequestContext(
                delegate: delegate, privacy: .unrestricted, targeting: .none, clock: MediationClock(ManualClock()),
                logger: logger, trackerPinger: RecordingTrackerPinger(),
                source: NativeAdSource(customEventIdentifier: TAMediaCustomNativeAdEvent.identifier)))
        return (network, delegate, logger)
    }

    @Test func declaresNoBiddingSupport() {
        #expect(!TAMediaCustomNativeAdEvent(factory: SandboxTAMediaNetwork()).supportsBidding)
    }

    @Test(arguments: ["some-bid", ""])
    func markupFailsAtOnceWithoutALoad(markup: String) {
        let (network, delegate, logger) = request(adMarkup: markup)
        #expect(delegate.outcomes.count == 1)
        #expect(
            delegate.error
                == .invalidBidMarkup(path: "adm", reason: "TAMedia does not load bids (supportsBidding is false)"))
        #expect(delegate.error == TAMediaCustomNativeAdEvent.bidMarkupRefused)
        #expect(network.loadRequests.isEmpty)
        #expect(logger.entries.contains { $0.message.contains("invalid bid markup at adm") })
    }

    @Test func aWaterfallLineStillLoads() {
        let (network, _, _) = request(adMarkup: nil)
        #expect(network.loadRequests.count == 1)
    }
}
