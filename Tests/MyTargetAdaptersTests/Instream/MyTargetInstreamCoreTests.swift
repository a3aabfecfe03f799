import Foundation
import MediationCore
import MediationSupport
import MediationTesting
import MyTargetAdapters
import NetworkSandbox
import Testing

/// The once-only rules the video and audio custom events share through their common core.
@Suite("myTarget in-stream custom events: one load outcome")
struct MyTargetInstreamCoreTests {
    struct Fixture {
        let clock = ManualClock()
        let factory: MyTargetSandboxInstreamFactory
        let delegate = LoadRecorder()
        let customEvent: any InstreamCustomEvent
        let request: InstreamAdRequest

        init(format: InstreamAdFormat) {
            let mediationClock = MediationClock(clock)
            factory = MyTargetSandboxInstreamFactory(
                clock: mediationClock, videoScript: MyTargetSandboxInstreamScripts.video(),
                audioScript: MyTargetSandboxInstreamScripts.audio())
            customEvent =
                format == .video
                ? MyTargetInstreamVideoCustomEvent(factory: factory)
                : MyTargetInstreamAudioCustomEvent(factory: factory)
            request = InstreamAdRequest(
                info: ["slotId": .string("1357")], midpoints: nil, contentDuration: 120, targeting: .none,
                privacy: .unrestricted,
                player: SimulatedInstreamAdPlayer(
                    clock: mediationClock, durations: MyTargetSandboxInstreamScripts.mediaDurations()),
                clock: mediationClock)
        }

        var madeAds: Int { factory.videoAds.count + factory.audioAds.count }

        /// The SDK's delegate callbacks, as either custom event receives them.
        func sdkLoaded() {
            (customEvent as? MyTargetInstreamVideoCustomEvent)?.onLoad()
            (customEvent as? MyTargetInstreamAudioCustomEvent)?.onLoad()
        }

        func sdkHasNoAd() {
            (customEvent as? MyTargetInstreamVideoCustomEvent)?.onNoAd(reason: "no ad")
            (customEvent as? MyTargetInstreamAudioCustomEvent)?.onNoAd(reason: "no ad")
        }

        func sdkShowsModal() {
            (customEvent as? MyTargetInstreamVideoCustomEvent)?.onShowModal()
            (customEvent as? MyTargetInstreamAudioCustomEvent)?.onShowModal()
        }
    }

    @Test(arguments: [InstreamAdFormat.video, .audio])
    func anSDKAnsweringTwiceGivesOneLoadOutcome(format: InstreamAdFormat) {
        let fixture = Fixture(format: format)
        fixture.customEvent.load(fixture.request, delegate: fixture.delegate)
        fixture.sdkLoaded()
        fixture.sdkLoaded()
        fixture.sdkHasNoAd()
        #expect(fixture.delegate.loadOutcomes == ["loaded"])
    }

    @Test(arguments: [InstreamAdFormat.video, .audio])
    func aSecondLoadIsIgnored(format: InstreamAdFormat) {
        let fixture = Fixture(format: format)
        let second = LoadRecorder()
        fixture.customEvent.load(fixture.request, delegate: fixture.delegate)
        fixture.customEvent.load(fixture.request, delegate: second)
        #expect(fixture.madeAds == 1)
        fixture.sdkHasNoAd()
        #expect(fixture.delegate.loadOutcomes == ["no ad"])
        #expect(second.loadOutcomes.isEmpty)
    }

    @Test(arguments: [InstreamAdFormat.video, .audio])
    func nothingIsReportedAfterCancel(format: InstreamAdFormat) {
        let fixture = Fixture(format: format)
        fixture.customEvent.load(fixture.request, delegate: fixture.delegate)
        fixture.customEvent.cancel()
        fixture.sdkLoaded()
        fixture.sdkShowsModal()
        fixture.clock.advance(by: .seconds(5))
        #expect(fixture.delegate.loadOutcomes.isEmpty)
        #expect(fixture.delegate.modals == 0)
    }

    @Test(arguments: [InstreamAdFormat.video, .audio])
    func eventsFollowTheLoad(format: InstreamAdFormat) {
        let fixture = Fixture(format: format)
        fixture.customEvent.load(fixture.request, delegate: fixture.delegate)
        fixture.sdkShowsModal()
        #expect(fixture.delegate.modals == 0, "no events before the load's outcome")
        fixture.sdkLoaded()
        fixture.sdkShowsModal()
        #expect(fixture.delegate.modals == 1)
    }
}

/// Records an in-stream custom event's load outcomes and modal events.
final class LoadRecorder: InstreamCustomEventDelegate {
    private let recorded = Locked((outcomes: [String](), modals: 0))

    var loadOutcomes: [String] { recorded.current.outcomes }
    var modals: Int { recorded.current.modals }

    func customEventDidLoad(availableMidpoints: [Double]) { recorded.withLock { $0.outcomes.append("loaded") } }
    func customEventDidFailToLoad(reason: String) { recorded.withLock { $0.outcomes.append(reason) } }
    func customEventBannerDidStart(_ banner: InstreamAdBanner) {}
    func customEventBannerTimeLeftDidChange(timeLeft: Double, duration: Double) {}
    func customEventBannerDidComplete(_ banner: InstreamAdBanner) {}
    func customEventDidFail(reason: String) {}
    func customEventSectionDidComplete(_ section: InstreamAdSection) {}
    func customEventWillPresentModal() { recorded.withLock { $0.modals += 1 } }
    func customEventDidDismissModal() {}
    func customEventWillLeaveApplication() {}
}
