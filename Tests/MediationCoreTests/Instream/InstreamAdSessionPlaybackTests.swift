import Foundation
import MediationCore
import MediationTesting
import Testing

@Suite("InstreamAdSession playback")
struct InstreamAdSessionPlaybackTests {
    typealias F = InstreamTestFixture

    @Test @MainActor func fullPrerollWithTwoBannersReportsEventsInExactOrder() async {
        let first = F.banner("a", duration: 2)
        let second = F.banner("b", duration: 3)
        let fixture = F(
            script: .init(sections: [.preroll: [first, second]]),
            durations: [first.mediaURL: .seconds(2), second.mediaURL: .seconds(3)])
        let host = RecordingInstreamAdSessionDelegate()
        fixture.session.delegate = host
        _ = fixture.loaded()
        #expect(fixture.session.start(.preroll) == .accepted)
        fixture.clock.advance(by: .seconds(10))
        let expected: [InstreamAdEvent] = [
            .loaded(midpoints: []),
            .bannerStarted(first.banner),
            .timeLeftChanged(timeLeft: 2, duration: 2), .timeLeftChanged(timeLeft: 1, duration: 2),
            .bannerCompleted(first.banner),
            .bannerStarted(second.banner),
            .timeLeftChanged(timeLeft: 3, duration: 3), .timeLeftChanged(timeLeft: 2, duration: 3),
            .timeLeftChanged(timeLeft: 1, duration: 3),
            .bannerCompleted(second.banner),
            .sectionCompleted(.preroll),
        ]
        #expect(fixture.session.reportedEvents == expected)
        #expect(await host.settledEvents() == expected)
        #expect(fixture.player.calls == ["play(\(first.mediaURL))", "play(\(second.mediaURL))"])
        #expect(fixture.session.currentSection == nil)
    }

    @Test func anErrorMidSectionIsReportedBeforeSectionComplete() {
        let first = F.banner("a")
        let second = F.banner("b")
        let fixture = F(
            script: .init(sections: [.postroll: [first, second]]), failures: [second.mediaURL: "decoder failed"]
        ).loaded()
        fixture.session.start(.postroll)
        fixture.clock.advance(by: .seconds(10))
        #expect(
            Array(fixture.session.reportedEvents.suffix(3)) == [
                .bannerCompleted(first.banner), .error(reason: "decoder failed"), .sectionCompleted(.postroll),
            ])
    }

    @Test func doubleCallbacksAreReportedOnce() {
        let first = F.banner("a")
        let fixture = F(script: .init(sections: [.preroll: [first]], misbehaviors: [.doubleCallbacks])).loaded()
        fixture.session.start(.preroll)
        fixture.clock.advance(by: .seconds(10))
        #expect(fixture.session.reportedEvents.filter { $0 == .bannerStarted(first.banner) }.count == 1)
        #expect(fixture.session.reportedEvents.filter { $0 == .sectionCompleted(.preroll) }.count == 1)
        #expect(fixture.session.reportedEvents.last == .sectionCompleted(.preroll))
    }

    @Test func pauseAndResumeKeepThePosition() {
        let first = F.banner("a", duration: 2)
        let fixture = F(script: .init(sections: [.pauseroll: [first]])).loaded()
        #expect(fixture.session.pause() == .refused(reason: "no section is playing"))
        fixture.session.start(.pauseroll)
        fixture.clock.advance(by: .seconds(1))
        #expect(fixture.session.pause() == .accepted)
        fixture.clock.advance(by: .seconds(30))
        #expect(!fixture.session.reportedEvents.contains(.bannerCompleted(first.banner)))
        #expect(fixture.session.resume() == .accepted)
        fixture.clock.advance(by: .milliseconds(999))
        #expect(!fixture.session.reportedEvents.contains(.bannerCompleted(first.banner)))
        fixture.clock.advance(by: .milliseconds(1))
        #expect(
            fixture.session.reportedEvents.suffix(2) == [.bannerCompleted(first.banner), .sectionCompleted(.pauseroll)])
        #expect(fixture.player.calls.suffix(2) == ["pause", "resume"])
    }

    @Test func stopEndsTheSectionAndSilencesIt() {
        let fixture = F(script: .init(sections: [.preroll: [F.banner("a"), F.banner("b")]])).loaded()
        fixture.session.start(.preroll)
        fixture.clock.advance(by: .seconds(1))
        #expect(fixture.session.stop() == .accepted)
        let afterStop = fixture.session.reportedEvents
        #expect(afterStop.last == .sectionCompleted(.preroll))
        fixture.clock.advance(by: .seconds(30))
        #expect(fixture.session.reportedEvents == afterStop)
        #expect(fixture.session.stop() == .refused(reason: "no section is playing"))
    }

    @Test func stopSilencesANetworkThatKeepsReporting() {
        let fixture = F(script: .init(sections: [.preroll: [F.banner("a")]], misbehaviors: [.reportsAfterStop]))
            .loaded()
        fixture.session.start(.preroll)
        fixture.session.stop()
        fixture.clock.advance(by: .seconds(30))
        #expect(fixture.session.reportedEvents.filter { $0 == .sectionCompleted(.preroll) }.count == 1)
    }

    @Test func skipIsRefusedUntilTheBannerAllowsClosing() {
        let closable = F.banner("a", duration: 10, allowClose: true, allowCloseDelay: 2)
        let fixture = F(script: .init(sections: [.preroll: [closable]])).loaded()
        #expect(fixture.session.skip() == .refused(reason: "no banner is playing"))
        fixture.session.start(.preroll)
        fixture.clock.advance(by: .seconds(1))
        #expect(fixture.session.skip() == .refused(reason: "banner a may be closed after 2.0 s; 1.0 s have passed"))
        fixture.clock.advance(by: .seconds(1))
        #expect(fixture.session.skip() == .accepted)
        #expect(fixture.session.reportedEvents.last == .sectionCompleted(.preroll))
        #expect(fixture.network.calls.last == "skip")
    }

    @Test func skipIsRefusedWhenTheBannerDoesNotAllowClosing() {
        let fixture = F(script: .init(sections: [.preroll: [F.banner("a", duration: 10)]])).loaded()
        fixture.session.start(.preroll)
        fixture.clock.advance(by: .seconds(5))
        #expect(fixture.session.skip() == .refused(reason: "banner a does not allow closing (allowClose is false)"))
        #expect(
            fixture.session.skipBanner() == .refused(reason: "banner a does not allow closing (allowClose is false)"))
        #expect(fixture.session.currentSection == .preroll)
        #expect(!fixture.network.calls.contains("skip"))
    }

    @Test func skipBannerMovesToTheNextAudioBannerOnlyWhenAllowed() {
        let skippable = F.banner("a", format: .audio, duration: 10, allowSkip: true)
        let fixed = F.banner("b", format: .audio, duration: 10)
        let fixture = F(script: .init(sections: [.midroll: [], .preroll: [skippable, fixed]])).loaded()
        fixture.session.start(.preroll)
        #expect(fixture.session.skipBanner() == .accepted)
        #expect(fixture.session.currentBanner == fixed.banner)
        #expect(
            fixture.session.skipBanner() == .refused(reason: "banner b does not allow skipping (allowSkip is false)"))
        let events = fixture.session.reportedEvents
        let completeA = events.firstIndex(of: .bannerCompleted(skippable.banner))
        let startB = events.firstIndex(of: .bannerStarted(fixed.banner))
        #expect(completeA != nil && startB != nil && completeA! < startB!)
    }

    @Test func volumeIsClampedToZeroThroughOne() {
        let fixture = F(script: .init()).loaded()
        fixture.session.setVolume(1.5)
        #expect(fixture.session.volume == 1)
        #expect(fixture.player.volume == 1)
        fixture.session.setVolume(-0.2)
        #expect(fixture.session.volume == 0)
        fixture.session.setVolume(0.4)
        #expect(fixture.player.volume == 0.4)
        fixture.session.setVolume(.nan)
        #expect(fixture.session.volume == 0)
    }

    @Test func anotherSectionCannotStartWhileOnePlays() {
        let fixture = F(script: .init(sections: [.preroll: [F.banner("a")]])).loaded()
        fixture.session.start(.preroll)
        #expect(fixture.session.start(.postroll) == .refused(reason: "the preroll section is still playing"))
    }
}
