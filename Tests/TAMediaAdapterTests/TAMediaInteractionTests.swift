import Foundation
import MediationCore
import MediationTesting
import NetworkSandbox
import TAMediaAdapter
import Testing

@MainActor @Suite struct TAMediaInteractionTests {
    @Test func clickIsForwardedAsDidClickThenWillPresentModal() throws {
        let harness = TAMediaHarness(script: .fill(SandboxTAMediaSamples.content()))
        harness.load()
        let adapter = try #require(harness.adapter)
        let events = RecordingAdapterDelegate()
        adapter.delegate = events

        try #require(harness.network.lastAd).simulateClick()

        #expect(events.events == [.didClick, .willPresentModal])
    }

    @Test func impressionIsForwardedAsWillLogImpression() throws {
        let harness = TAMediaHarness(script: .fill(SandboxTAMediaSamples.content()))
        harness.load()
        let adapter = try #require(harness.adapter)
        let events = RecordingAdapterDelegate()
        adapter.delegate = events

        try #require(harness.network.lastAd).simulateImpression()

        #expect(events.events == [.willLogImpression])
    }

    @Test func leaveApplicationIsForwarded() throws {
        let harness = TAMediaHarness(script: .fill(SandboxTAMediaSamples.content()))
        harness.load()
        let adapter = try #require(harness.adapter)
        let events = RecordingAdapterDelegate()
        adapter.delegate = events

        try #require(harness.network.lastAd).simulateLeaveApplication()

        #expect(events.events == [.willLeaveApplication])
    }

    @Test func everySDKEventIsForwardedOnceEach() throws {
        let harness = TAMediaHarness(script: .fill(SandboxTAMediaSamples.content()))
        harness.load()
        let adapter = try #require(harness.adapter)
        let sdkAd = try #require(harness.network.lastAd)
        let events = RecordingAdapterDelegate()
        adapter.delegate = events

        sdkAd.simulateImpression()
        sdkAd.simulateClick()
        sdkAd.simulateLeaveApplication()

        #expect(events.events == [.willLogImpression, .didClick, .willPresentModal, .willLeaveApplication])
        for event in RecordingAdapterDelegate.Event.allCases where event != .didDismissModal {
            #expect(events.count(event) == 1, "\(event)")
        }
    }

    @Test func hostSeesTAMediasEventsWithImpressionAndClickTrackersOnce() async throws {
        let harness = TAMediaHarness(script: .fill(SandboxTAMediaSamples.content()))
        harness.load()
        let ad = try #require(harness.ad)
        let sdkAd = try #require(harness.network.lastAd)
        let host = RecordingNativeAdDelegate()
        ad.delegate = host

        sdkAd.simulateImpression()
        sdkAd.simulateImpression()
        sdkAd.simulateClick()
        sdkAd.simulateClick()
        sdkAd.simulateLeaveApplication()

        #expect(await host.settledCount(.impression) == 1)
        #expect(await host.settledCount(.click) == 2)
        #expect(await host.settledCount(.willPresentModal) == 2)
        #expect(await host.settledCount(.willLeaveApplication) == 1)
        #expect(harness.pinger.count(of: try #require(URL(string: "https://tracker.test/imp"))) == 1)
        #expect(harness.pinger.count(of: try #require(URL(string: "https://tracker.test/click"))) == 1)
    }

    @Test func hostReportsAreIgnoredBecauseTAMediasViewTracksItself() async throws {
        let harness = TAMediaHarness(script: .fill(SandboxTAMediaSamples.content()))
        harness.load()
        let ad = try #require(harness.ad)
        let host = RecordingNativeAdDelegate()
        ad.delegate = host

        ad.recordImpression()
        ad.recordClick()

        #expect((await host.settledEvents()).isEmpty)
        #expect(harness.pinger.pinged.isEmpty)
        #expect(!ad.hasRecordedImpression)
    }
}
