import Foundation
import MediationCore
import MediationSupport
import MediationTesting
import MyTargetAdapters
import NetworkSandbox
import Testing

@Suite("myTarget in-stream adapters over the sandbox")
struct MyTargetInstreamAdapterTests {
    struct Fixture {
        let clock = ManualClock()
        let factory: MyTargetSandboxInstreamFactory
        let player: SimulatedInstreamAdPlayer
        let session: InstreamAdSession

        init(
            format: InstreamAdFormat, info: CustomEventInfo = ["slotId": .string("1357")],
            midpoints: InstreamMidpoints = .server,
            targeting: Targeting = .none, privacy: PrivacySettings = .unrestricted, useDefaultPlayer: Bool = false,
            misbehaviors: Set<InstreamSimulationScript.Misbehavior> = []
        ) {
            let mediationClock = MediationClock(clock)
            factory = MyTargetSandboxInstreamFactory(
                clock: mediationClock, videoScript: MyTargetSandboxInstreamScripts.video(misbehaviors: misbehaviors),
                audioScript: MyTargetSandboxInstreamScripts.audio(misbehaviors: misbehaviors))
            player = SimulatedInstreamAdPlayer(
                clock: mediationClock, durations: MyTargetSandboxInstreamScripts.mediaDurations())
            let customEvent: any InstreamCustomEvent =
                format == .video
                ? MyTargetInstreamVideoCustomEvent(factory: factory, useDefaultPlayer: useDefaultPlayer)
                : MyTargetInstreamAudioCustomEvent(factory: factory)
            session = InstreamAdSession(
                customEvent: customEvent, player: player,
                configuration: .init(
                    info: info, midpoints: midpoints, contentDuration: 120, targeting: targeting, privacy: privacy),
                clock: mediationClock, urlOpener: RecordingURLOpener(), trackerPinger: RecordingTrackerPinger())
        }

        func load() {
            session.load()
            clock.advance(by: .seconds(1))
        }
    }

    @Test(arguments: [InstreamAdFormat.video, .audio])
    func prerollPlaysBothAdsInOrderThenSectionComplete(format: InstreamAdFormat) {
        let fixture = Fixture(format: format)
        fixture.load()
        #expect(fixture.session.reportedEvents == [.loaded(midpoints: [30, 90])])
        #expect(fixture.session.start(.preroll) == .accepted)
        fixture.clock.advance(by: .seconds(10))
        let names = fixture.session.reportedEvents.dropFirst().map(Self.name)
        #expect(
            names == [
                "start \(format)-pre-1", "left 3", "left 2", "left 1", "complete \(format)-pre-1",
                "start \(format)-pre-2", "left 2", "left 1", "complete \(format)-pre-2", "section preroll",
            ])
        #expect(fixture.player.calls.count == 2)
    }

    @Test func midpointsInPercentGoThroughConfigureMidpointsPAndAreFiltered() throws {
        let fixture = Fixture(format: .video, midpoints: .percent([25, 50]))
        fixture.load()
        #expect(fixture.session.midpoints == [30])
        let ad = try #require(fixture.factory.videoAds.first)
        #expect(ad.midpoints == [30])
        #expect(fixture.session.start(.midroll, midpoint: 30) == .accepted)
        fixture.clock.advance(by: .seconds(5))
        #expect(fixture.session.reportedEvents.last == .sectionCompleted(.midroll))
    }

    @Test func missingSlotIdFailsAtOnceWithoutAnSDKObject() {
        let fixture = Fixture(format: .audio, info: [:])
        fixture.session.load()
        #expect(
            fixture.session.reportedEvents == [
                .noAd(reason: MediationError.missingRequiredInfo(key: "slotId").description)
            ])
        #expect(fixture.factory.audioAds.isEmpty)
    }

    @Test func ageAndGenderReachCustomParamsOnlyWithConsent() throws {
        let targeting = try Targeting(age: 25, gender: .male, language: "en")
        var privacy = PrivacySettings.unrestricted
        privacy.canCollectPersonalInfo = false
        let fixture = Fixture(format: .video, targeting: targeting, privacy: privacy)
        fixture.load()
        let params = try #require(fixture.factory.videoAds.first?.customParams)
        #expect(params.age == nil)
        #expect(params.gender == .unspecified)
        #expect(params.language == "en")
    }

    @Test func defaultPlayerLeavesTheHostPlayerUntouched() {
        let fixture = Fixture(format: .video, useDefaultPlayer: true)
        fixture.load()
        fixture.session.start(.postroll)
        fixture.clock.advance(by: .seconds(10))
        #expect(fixture.session.reportedEvents.last == .sectionCompleted(.postroll))
        #expect(fixture.player.calls.isEmpty)
        #expect(fixture.factory.videoAds.first?.calls.contains("useDefaultPlayer") == true)
    }

    @Test func audioCompanionShowAndClickReachTheSDKOnce() throws {
        let fixture = Fixture(format: .audio)
        fixture.load()
        fixture.session.start(.preroll)
        let companion = try #require(fixture.session.currentBanner?.companionBanners.first)
        fixture.session.handleCompanionShow(companion)
        fixture.session.handleCompanionShow(companion)
        fixture.session.handleCompanionClick(companion)
        fixture.session.handleCompanionClick(companion)
        let ad = try #require(fixture.factory.audioAds.first)
        #expect(ad.companionShowCounts == ["companion-pre-1": 1])
        #expect(ad.companionClickCounts == ["companion-pre-1": 1])
        #expect(fixture.session.reportedEvents.last == .willLeaveApplication)
    }

    @Test func clickGoesToTheSDKWhichReportsTheModal() throws {
        let fixture = Fixture(format: .video)
        fixture.load()
        fixture.session.start(.preroll)
        #expect(fixture.session.handleClick() == .accepted)
        #expect(fixture.factory.videoAds.first?.clickCount == 1)
        #expect(fixture.session.reportedEvents.suffix(2) == [.willPresentModal, .didDismissModal])
    }

    @Test func skipsFollowTheBannerPermissions() {
        let fixture = Fixture(format: .audio)
        fixture.load()
        fixture.session.start(.preroll)
        #expect(fixture.session.skipBanner() == .accepted)
        #expect(fixture.session.currentBanner?.identifier == "audio-pre-2")
        #expect(!fixture.session.skip().isAccepted)
        #expect(fixture.session.stop() == .accepted)
        #expect(fixture.session.reportedEvents.last == .sectionCompleted(.preroll))
        fixture.clock.advance(by: .seconds(10))
        #expect(fixture.session.reportedEvents.last == .sectionCompleted(.preroll))
    }

    @Test func theSandboxRaisesShortLoadingTimeoutsToFiveSeconds() {
        let clock = ManualClock()
        let ad = MyTargetSandboxInstreamAd(
            slotId: 1, script: .init(outcome: .neverAnswers), clock: MediationClock(clock))
        let listener = SDKListener()
        ad.delegate = listener
        ad.loadingTimeout = 1
        ad.useDefaultPlayer()
        ad.load()
        clock.advance(by: .milliseconds(4_999))
        #expect(listener.noAdReasons.isEmpty)
        clock.advance(by: .milliseconds(1))
        #expect(listener.noAdReasons == ["timeout"])
    }

    @Test func sandboxAdsWithoutAPlayerHaveNoAdAndRecordTheirCalls() {
        let clock = MediationClock(ManualClock())
        let video = MyTargetSandboxInstreamAd(slotId: 1, script: MyTargetSandboxInstreamScripts.video(), clock: clock)
        let audio = MyTargetSandboxInstreamAudioAd(
            slotId: 1, script: MyTargetSandboxInstreamScripts.audio(), clock: clock)
        let listener = SDKListener()
        video.delegate = listener
        video.load()
        audio.load()
        #expect(listener.noAdReasons == ["no player: set player or call useDefaultPlayer"])
        #expect(video.networkCallLog.isEmpty && audio.networkCallLog.isEmpty, "nothing loads without a player")
        audio.stop()
        audio.skip()
        audio.skipBanner()
        #expect(video.calls == ["load"])
        #expect(audio.calls == ["load", "stop", "skip", "skipBanner"])
    }

    @Test func aSandboxAdIsReleasedAfterPlaying() {
        let clock = ManualClock()
        weak var released: MyTargetSandboxInstreamAd?
        do {
            let ad = MyTargetSandboxInstreamAd(
                slotId: 1, script: MyTargetSandboxInstreamScripts.video(), clock: MediationClock(clock))
            released = ad
            ad.useDefaultPlayer()
            ad.load()
            clock.advance(by: .seconds(1))
            ad.startPreroll()
            clock.runUntilIdle()
        }
        #expect(released == nil)
    }

    static func name(_ event: InstreamAdEvent) -> String {
        switch event {
        case .bannerStarted(let banner): "start \(banner.identifier)"
        case .bannerCompleted(let banner): "complete \(banner.identifier)"
        case .timeLeftChanged(let left, _): "left \(Int(left))"
        case .sectionCompleted(let section): "section \(section.rawValue)"
        default: "\(event)"
        }
    }
}

final class SDKListener: MyTargetInstreamAdDelegate {
    private let reasons = Locked<[String]>([])
    var noAdReasons: [String] { reasons.current }
    func onLoad() {}
    func onNoAd(reason: String) { reasons.withLock { $0.append(reason) } }
    func onError(reason: String) {}
    func onBannerStart(_ banner: MyTargetInstreamAdBanner) {}
    func onBannerComplete(_ banner: MyTargetInstreamAdBanner) {}
    func onBannerTimeLeftChange(timeLeft: Double, duration: Double) {}
    func onComplete(section: String) {}
    func onShowModal() {}
    func onDismissModal() {}
    func onLeaveApplication() {}
}
