import Foundation
import MediationCore
import MediationTesting
import Testing

@Suite("InstreamAdSession loading and midpoints")
struct InstreamAdSessionLoadingTests {
    @Test func defaultLoadingTimeoutIsTenSecondsAndMeansNoAd() {
        let fixture = InstreamTestFixture(script: .init(outcome: .neverAnswers))
        #expect(fixture.session.load() == .accepted)
        fixture.clock.advance(by: .milliseconds(9_999))
        #expect(fixture.session.reportedEvents.isEmpty)
        fixture.clock.advance(by: .milliseconds(1))
        #expect(fixture.session.reportedEvents == [.noAd(reason: "loading timed out after 10000 ms")])
        #expect(fixture.network.calls == ["load", "cancel"])
        #expect(!fixture.session.isLoaded)
    }

    @Test func loadingTimeoutUnderFiveSecondsIsRaisedToFive() {
        let fixture = InstreamTestFixture(
            script: .init(outcome: .neverAnswers),
            configuration: .init(info: [:], loadingTimeout: .seconds(2), privacy: .unrestricted))
        #expect(fixture.session.configuration.effectiveLoadingTimeout == .seconds(5))
        fixture.session.load()
        fixture.clock.advance(by: .milliseconds(4_999))
        #expect(fixture.session.reportedEvents.isEmpty)
        fixture.clock.advance(by: .milliseconds(1))
        #expect(fixture.session.reportedEvents.count == 1)
        #expect(
            InstreamAdSessionConfiguration(info: [:], loadingTimeout: .seconds(7), privacy: .unrestricted)
                .effectiveLoadingTimeout
                == .seconds(7))
    }

    @Test func aLoadAfterTheTimeoutIsIgnored() {
        let fixture = InstreamTestFixture(
            script: .init(loadLatency: .seconds(12), misbehaviors: [.reportsAfterStop]))
        fixture.session.load()
        fixture.clock.advance(by: .seconds(20))
        #expect(fixture.session.reportedEvents == [.noAd(reason: "loading timed out after 10000 ms")])
        #expect(fixture.session.start(.preroll) == .refused(reason: "no ad data is loaded"))
    }

    @Test func loadTwiceIsRefused() {
        let fixture = InstreamTestFixture(script: .init())
        fixture.session.load()
        #expect(fixture.session.load() == .refused(reason: "load() was already called on this session"))
    }

    @Test func noAdIsReportedOnce() {
        let fixture = InstreamTestFixture(
            script: .init(outcome: .noAd(reason: "no banners"), misbehaviors: [.doubleCallbacks]))
        fixture.session.load()
        fixture.clock.advance(by: .seconds(30))
        #expect(fixture.session.reportedEvents == [.noAd(reason: "no banners")])
    }

    @Test func midpointsInSecondsAreFilteredToThoseWithAds() {
        let fixture = InstreamTestFixture(
            script: .init(midrolls: [1: [InstreamTestFixture.banner("m")]]),
            configuration: .init(info: [:], midpoints: .seconds([5, 1]), contentDuration: 60, privacy: .unrestricted)
        ).loaded()
        #expect(fixture.session.midpoints == [1])
        #expect(fixture.session.reportedEvents == [.loaded(midpoints: [1])])
        #expect(
            fixture.session.start(.midroll, midpoint: 5)
                == .refused(reason: "no midroll ads at 5.0 s; available: [1.0]"))
        #expect(fixture.session.start(.midroll, midpoint: 1) == .accepted)
    }

    @Test func midpointsInPercentAreConvertedAndFiltered() {
        let fixture = InstreamTestFixture(
            script: .init(midrolls: [20: [InstreamTestFixture.banner("m")], 70: [InstreamTestFixture.banner("n")]]),
            configuration: .init(
                info: [:], midpoints: .percent([10, 50, 20]), contentDuration: 200, privacy: .unrestricted)
        ).loaded()
        #expect(fixture.session.midpoints == [20])
    }

    @Test func serverMidpointsAreUsedWhenNoneWereConfigured() {
        let fixture = InstreamTestFixture(
            script: .init(midrolls: [60: [InstreamTestFixture.banner("b")], 30: [InstreamTestFixture.banner("a")]])
        ).loaded()
        #expect(fixture.session.midpoints == [30, 60])
    }

    @Test func emptyMidpointsMeanNoMidroll() {
        let fixture = InstreamTestFixture(script: .init()).loaded()
        #expect(fixture.session.midpoints.isEmpty)
        #expect(!fixture.session.start(.midroll, midpoint: 0).isAccepted)
    }

    @Test func invalidMidpointsAreRefusedNamingTheValue() {
        let percent = InstreamTestFixture(
            script: .init(),
            configuration: .init(
                info: [:], midpoints: .percent([10, 120]), contentDuration: 100, privacy: .unrestricted))
        #expect(
            percent.session.load()
                == .refused(
                    reason: MediationError.invalidConfiguration(
                        path: "midpointsP[1]", reason: "expected a percentage in 0...100, got 120.0"
                    ).description))
        let noDuration = InstreamTestFixture(
            script: .init(), configuration: .init(info: [:], midpoints: .percent([10]), privacy: .unrestricted))
        guard case .refused(let reason) = noDuration.session.load() else {
            Issue.record("percent midpoints without a content duration were accepted")
            return
        }
        #expect(reason.contains("contentDuration"))
        #expect(noDuration.network.calls.isEmpty)
    }

    @Test func targetingIsRedactedForPrivacy() throws {
        let targeting = try Targeting(age: 30, gender: .female, language: "ru")
        var privacy = PrivacySettings.unrestricted
        privacy.canCollectPersonalInfo = false
        let fixture = InstreamTestFixture(
            script: .init(), configuration: .init(info: [:], targeting: targeting, privacy: privacy))
        fixture.session.load()
        let sent = try #require(fixture.network.lastRequest)
        #expect(sent.targeting.age == nil)
        #expect(sent.targeting.gender == nil)
        #expect(sent.targeting.language == "ru")
    }
}
