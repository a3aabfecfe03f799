import Foundation
import MediationCore
import MediationTesting
import NetworkSandbox
import TAMediaAdapter
import Testing

@Suite struct TAMediaInteractionTests {
    @Test func clickIsForwardedAsDidClickOnly() throws {
        let harness = TAMediaHarness(script: .fill(SandboxTAMediaSamples.content()))
        harness.load()
        let adapter = try #require(harness.adapter)
        let events = RecordingAdapterDelegate()
        adapter.delegate = events

        try #require(harness.network.lastAd).simulateClick()

        // TAMedia reports no modal at all, so no "will present modal" is made up: without the dismissal TAMedia
        // never reports, a host pausing on it would stay paused (the seed sent one on every click).
        #expect(events.events == [.didClick])
    }

    @Test func hostNeverSeesAModalPresentedThatIsNeverDismissed() throws {
        let harness = TAMediaHarness(script: .fill(SandboxTAMediaSamples.content()))
        harness.load()
        let ad = try #require(harness.ad)
        let sdkAd = try #require(harness.network.lastAd)
        let host = RecordingNativeAdDelegate()
        ad.delegate = host

        sdkAd.simulateClick()
        sdkAd.simulateLeaveApplication()
        sdkAd.simulateClick()

        #expect(host.count(.click) == 2)
        #expect(host.count(.willPresentModal) == host.count(.didDismissModal))
        #expect(host.count(.willPresentModal) == 0)
        #expect(host.count(.willLeaveApplication) == 1)
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

        #expect(events.events == [.willLogImpression, .didClick, .willLeaveApplication])
        for event in [RecordingAdapterDelegate.Event.willLogImpression, .didClick, .willLeaveApplication] {
            #expect(events.count(event) == 1, "\(event)")
        }
    }

    @Test func hostSeesTAMediasEventsWithImpressionAndClickTrackersOnce() throws {
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

        #expect(host.count(.impression) == 1)
        #expect(host.count(.click) == 2)
        #expect(host.count(.willPresentModal) == 0)
        #expect(host.count(.willLeaveApplication) == 1)
        #expect(harness.pinger.count(of: try #require(URL(string: "https://tracker.test/imp"))) == 1)
        #expect(harness.pinger.count(of: try #require(URL(string: "https://tracker.test/click"))) == 1)
    }

    @Test func hostReportsAreIgnoredBecauseTAMediasViewTracksItself() throws {
        let harness = TAMediaHarness(script: .fill(SandboxTAMediaSamples.content()))
        harness.load()
        let ad = try #require(harness.ad)
        let host = RecordingNativeAdDelegate()
        ad.delegate = host

        ad.recordImpression()
        ad.recordClick()

        #expect(host.events.isEmpty)
        #expect(harness.pinger.pinged.isEmpty)
        #expect(!ad.hasRecordedImpression)
    }
}
