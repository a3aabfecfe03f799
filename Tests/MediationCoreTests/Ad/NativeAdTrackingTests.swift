import Foundation
import MediationCore
import MediationTesting
import Testing

@MainActor @Suite struct NativeAdTrackingTests {
    private func makeAd(handlesImpressions: Bool = false, handlesClicks: Bool = false) throws -> (
        NativeAd, ScriptedNativeAdAdapter, RecordingNativeAdDelegate, RecordingTrackerPinger
    ) {
        let adapter = ScriptedNativeAdAdapter(
            properties: try Fixtures.fullProperties(), handlesImpressions: handlesImpressions,
            handlesClicks: handlesClicks)
        let pinger = RecordingTrackerPinger()
        let ad = NativeAd(adapter: adapter, source: Fixtures.source(), trackerPinger: pinger)
        let delegate = RecordingNativeAdDelegate()
        ad.delegate = delegate
        return (ad, adapter, delegate, pinger)
    }

    @Test(arguments: [false, true])
    func impressionRecordedOnceWhenHostAndAdapterEachReportFiveTimes(handlesImpressions: Bool) async throws {
        let (ad, adapter, delegate, pinger) = try makeAd(handlesImpressions: handlesImpressions)
        for _ in 0..<5 {
            ad.recordImpression()
            adapter.simulateImpression()
        }
        #expect(await delegate.settledCount(.impression) == 1)
        #expect(pinger.count(of: Fixtures.url("https://t.example/imp")) == 1)
        #expect(ad.hasRecordedImpression)
    }

    @Test func hostImpressionIgnoredWhenNetworkCountsImpressions() async throws {
        let (ad, adapter, delegate, pinger) = try makeAd(handlesImpressions: true)
        ad.recordImpression()
        #expect(await delegate.settledCount(.impression) == 0)
        #expect(pinger.pinged.isEmpty)
        adapter.simulateImpression()
        #expect(await delegate.settledCount(.impression) == 1)
    }

    @Test func hostClicksCountWhenNetworkDoesNotHandleClicks() async throws {
        let (ad, adapter, delegate, pinger) = try makeAd(handlesClicks: false)
        for _ in 0..<3 {
            ad.recordClick()
            adapter.simulateClick()  // the same tap, also reported by the network: must not count twice
        }
        #expect(await delegate.settledCount(.click) == 3)
        #expect(pinger.count(of: Fixtures.url("https://t.example/clk")) == 1)
        #expect(adapter.recordedCalls.trackClick == 3)
    }

    @Test func networkClicksCountWhenNetworkHandlesClicks() async throws {
        let (ad, adapter, delegate, pinger) = try makeAd(handlesClicks: true)
        for _ in 0..<5 {
            adapter.simulateClick()
            ad.recordClick()
        }
        #expect(await delegate.settledCount(.click) == 5)
        #expect(pinger.count(of: Fixtures.url("https://t.example/clk")) == 1)
        #expect(adapter.recordedCalls.trackClick == 0)
    }

    @Test func modalAndLeaveEventsReachTheHost() async throws {
        let (ad, adapter, delegate, _) = try makeAd()
        adapter.simulateWillPresentModal()
        adapter.simulateDidDismissModal()
        adapter.simulateWillLeaveApplication()
        #expect((await delegate.settledEvents()) == [.willPresentModal, .didDismissModal, .willLeaveApplication])
        withExtendedLifetime(ad) {}
    }

    @Test func expiryDefaultsToFourHoursAndIsConfigurable() throws {
        let manual = ManualClock()
        let clock = MediationClock(manual)
        let adapter = ScriptedNativeAdAdapter(properties: NativeAdProperties())
        let ad = NativeAd(
            adapter: adapter, source: Fixtures.source(), clock: clock, trackerPinger: DiscardingTrackerPinger())
        #expect(ad.expiresAt == MediationInstant(sinceOrigin: .seconds(14_400)))
        manual.advance(by: .seconds(14_399))
        #expect(!ad.isExpired)
        manual.advance(by: .seconds(1))
        #expect(ad.isExpired)
        let short = NativeAd(
            adapter: adapter, source: Fixtures.source(), clock: clock, lifetime: .seconds(60),
            trackerPinger: DiscardingTrackerPinger())
        #expect(!short.isExpired(at: clock.now.advanced(by: .seconds(59))))
        #expect(short.isExpired(at: clock.now.advanced(by: .seconds(60))))
    }

    @Test func adIsReleasedWithItsAdapterAndNoCycle() throws {
        weak var weakAd: NativeAd?
        weak var weakAdapter: ScriptedNativeAdAdapter?
        do {
            let adapter = ScriptedNativeAdAdapter(properties: NativeAdProperties())
            let ad = NativeAd(adapter: adapter, source: Fixtures.source(), trackerPinger: DiscardingTrackerPinger())
            weakAd = ad
            weakAdapter = adapter
            #expect(adapter.delegate != nil)
        }
        #expect(weakAd == nil)
        #expect(weakAdapter == nil)
    }

    @Test func renderingAttachesTheAdapterAndDetachesTheOldSurface() throws {
        let (ad, adapter, _, _) = try makeAd()
        ad.attachRendererConfiguration(StaticNativeAdRenderer.configuration(customEvents: ["ScriptedEvent"]))
        let first = NativeAdCard()
        try ad.render(into: first)
        #expect(first.text(in: .title) == "Great app")
        #expect(adapter.recordedCalls.willAttach == 1)
        try ad.render(into: NativeAdCard())
        #expect(adapter.recordedCalls.didDetach == 1)
        #expect(adapter.recordedCalls.willAttach == 2)
        ad.detachSurface()
        #expect(adapter.recordedCalls.didDetach == 2)
    }

    @Test func renderingWithoutARendererIsMissingAdapter() throws {
        let (ad, _, _, _) = try makeAd()
        #expect(throws: MediationError.missingAdapter(identifier: "ScriptedEvent")) {
            try ad.render(into: NativeAdCard())
        }
    }
}
