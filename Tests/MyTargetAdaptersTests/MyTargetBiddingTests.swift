import MediationCore
import MediationTesting
import MyTargetAdapters
import NetworkSandbox
import Testing

/// myTarget bid loading: markup goes to `loadFromBid:` only, empty markup fails at once, a bid the SDK rejects
/// fails with the SDK's error.
@Suite struct MyTargetBiddingTests {
    @Test func declaresBiddingSupport() {
        #expect(MyTargetNativeBannerCustomEvent(factory: MyTargetSandbox()).supportsBidding)
    }

    @Test(arguments: ["", "   ", "\n\t"])
    func emptyOrBlankMarkupFailsAtOnceWithoutAnSDKObject(markup: String) {
        let harness = MyTargetHarness(.fill(MyTargetSandboxContent.storeBanner()))
        harness.request(adMarkup: markup)
        #expect(harness.delegate.outcomes.count == 1)
        guard case .invalidBidMarkup(let path, let reason)? = harness.delegate.error else {
            Issue.record("expected invalid_bid_markup, got \(harness.delegate.outcomes)")
            return
        }
        #expect(path == "adm")
        #expect(reason.contains("empty bid markup"))
        #expect(harness.sandbox.createdAdCount == 0)
        #expect(harness.sandbox.loadRequestCount == 0)
        harness.manualClock.runUntilIdle()
        #expect(harness.delegate.outcomes.count == 1)
    }

    @Test func markupNeverReachesTheOrdinaryLoad() throws {
        let harness = MyTargetHarness(.fill(MyTargetSandboxContent.storeBanner()))
        harness.request(adMarkup: " bid with spaces ")
        _ = try harness.loadedAd()
        #expect(harness.sandbox.bidLoads == [" bid with spaces "])
        #expect(harness.sandbox.ordinaryLoadCount == 0)
    }

    @Test func aBidTheSDKRejectsFailsWithTheSDKsErrorNeverAFill() {
        let harness = MyTargetHarness(.fill(MyTargetSandboxContent.storeBanner()))
        harness.sandbox.rejectBid("stale-bid")
        harness.request(adMarkup: "stale-bid")
        harness.manualClock.runUntilIdle()
        #expect(harness.delegate.outcomes.count == 1)
        #expect(harness.delegate.loadedAd == nil)
        #expect(harness.delegate.error == MediationError(MyTargetSandbox.rejectedBidError))
        #expect(harness.sandbox.ordinaryLoadCount == 0)
    }

    @Test func theAdapterHasNoBidSignalProviderToRegister() throws {
        var registry = MediationRegistry()
        try MyTargetNativeBannerCustomEvent.register(in: &registry, factory: MyTargetSandbox())
        #expect(registry.biddingCustomEventIdentifiers.isEmpty)
    }
}
