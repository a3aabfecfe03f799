import GoogleCustomNativeAdapter
import MediationCore
import MediationTesting
import NetworkSandbox
import Testing

/// The Google custom native adapter loads no bids: a line with markup fails at once with `invalid_bid_markup` at
/// `adm`, and the SDK is never asked to load.
@Suite struct GoogleCustomNativeBidMarkupTests {
    private static let info: CustomEventInfo = [
        GoogleCustomNativeConfiguration.InfoKey.adUnitID: .string(SandboxGoogleAdContent.sampleAdUnitID),
        GoogleCustomNativeConfiguration.InfoKey.formatIDs: .array([.string(SandboxGoogleAdContent.sampleFormatID)]),
    ]

    private func request(adMarkup: String?) -> (SandboxGoogleNetwork, RecordingCustomEventDelegate, RecordingLogger) {
        let network = SandboxGoogleNetwork()
        let delegate = RecordingCustomEventDelegate()
        let logger = RecordingLogger()
        let customEvent = GoogleCustomNativeCustomEvent(factory: network)
        customEvent.requestAd(
            info: Self.info, adMarkup: adMarkup,
            context: NativeAdRequestContext(
                delegate: delegate, privacy: .unrestricted, targeting: .none, clock: MediationClock(ManualClock()),
                logger: logger, trackerPinger: RecordingTrackerPinger(),
                source: NativeAdSource(customEventIdentifier: GoogleCustomNativeCustomEvent.identifier)))
        return (network, delegate, logger)
    }

    @Test func declaresNoBiddingSupport() {
        #expect(!GoogleCustomNativeCustomEvent(factory: SandboxGoogleNetwork()).supportsBidding)
    }

    @Test(arguments: ["some-bid", ""])
    func markupFailsAtOnceWithoutALoad(markup: String) {
        let (network, delegate, logger) = request(adMarkup: markup)
        #expect(delegate.outcomes.count == 1)
        #expect(
            delegate.error
                == .invalidBidMarkup(
                    path: "adm", reason: "Google custom native does not load bids (supportsBidding is false)"))
        #expect(delegate.error == GoogleCustomNativeCustomEvent.bidMarkupRefused)
        #expect(network.loadRequests.isEmpty)
        #expect(logger.entries.contains { $0.message.contains("invalid bid markup at adm") })
    }

    @Test func aWaterfallLineStillLoads() {
        let (network, _, _) = request(adMarkup: nil)
        #expect(network.loadRequests.count == 1)
    }
}
