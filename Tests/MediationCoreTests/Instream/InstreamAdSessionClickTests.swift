import Foundation
import MediationCore
import MediationTesting
import Testing

@Suite("InstreamAdSession clicks and companions")
struct InstreamAdSessionClickTests {
    typealias F = InstreamTestFixture

    static let companion = InstreamCompanionBanner(
        identifier: "c1", width: 300, height: 250, staticResourceURL: URL(string: "https://cdn.example/c1.png"),
        clickURL: URL(string: "https://shop.example/c1"), showTrackers: [URL(string: "https://t.example/show")!],
        clickTrackers: [URL(string: "https://t.example/click")!])

    @Test func clickOpensTheURLAndReportsModalEvents() {
        let banner = F.banner("a", duration: 10, clickURL: "https://shop.example/a")
        let fixture = F(script: .init(sections: [.preroll: [banner]])).loaded()
        #expect(fixture.session.handleClick() == .refused(reason: "no banner is playing"))
        fixture.session.start(.preroll)
        #expect(fixture.session.handleClick() == .accepted)
        #expect(fixture.opener.openedURLs == [URL(string: "https://shop.example/a")!])
        #expect(fixture.network.calls.contains("trackClick"))
        #expect(fixture.session.reportedEvents.suffix(2) == [.willPresentModal, .didDismissModal])
    }

    @Test func clickLeavingTheApplicationIsReported() {
        let banner = F.banner("a", duration: 10)
        let fixture = F(
            script: .init(sections: [.preroll: [banner]]), opener: RecordingURLOpener(behavior: .leavesApplication)
        ).loaded()
        fixture.session.start(.preroll)
        fixture.session.handleClick()
        #expect(fixture.session.reportedEvents.last == .willLeaveApplication)
    }

    @Test func clickURLsOutsideThePolicyAreRefused() {
        let script = InstreamSimulationScript(sections: [
            .preroll: [F.banner("a", duration: 10, clickURL: "javascript:alert(1)")]
        ])
        let fixture = F(script: script).loaded()
        fixture.session.start(.preroll)
        #expect(
            fixture.session.handleClick()
                == .refused(
                    reason: "click URL javascript:alert(1) is not http(s) or a declared app scheme"
                        + " (the click was counted, nothing was opened)"))
        #expect(fixture.opener.openedURLs.isEmpty)
        #expect(fixture.network.callLog == [.load, .start(.preroll, midpoint: nil), .trackClick])
    }

    @Test func declaredAppSchemesMayBeOpened() {
        let script = InstreamSimulationScript(sections: [
            .preroll: [F.banner("a", duration: 10, clickURL: "myapp://offer")]
        ])
        let fixture = F(
            script: script,
            configuration: .init(
                info: [:], privacy: .unrestricted, urlPolicy: MediationURLPolicy(allowedDeepLinkSchemes: ["myapp"]))
        ).loaded()
        fixture.session.start(.preroll)
        #expect(fixture.session.handleClick() == .accepted)
    }

    @Test func companionShowAndClickFireTrackersOnce() {
        let fixture = F(script: .init()).loaded()
        fixture.session.handleCompanionShow(Self.companion)
        fixture.session.handleCompanionShow(Self.companion)
        #expect(fixture.session.handleCompanionClick(Self.companion) == .accepted)
        #expect(fixture.session.handleCompanionClick(Self.companion) == .accepted)
        #expect(fixture.pinger.count(of: URL(string: "https://t.example/show")!) == 1)
        #expect(fixture.pinger.count(of: URL(string: "https://t.example/click")!) == 1)
        // Journaled kinds (a durable pinger keeps them across a kill), owned by the companion.
        #expect(fixture.pinger.pings.map(\.event) == [.tracking, .click])
        #expect(
            fixture.pinger.pings.allSatisfy { $0.event.isJournaled && $0.owner?.hasSuffix("/companion/c1") == true })
        #expect(fixture.network.calls.filter { $0 == "trackCompanionShow(c1)" }.count == 1)
        #expect(fixture.network.calls.filter { $0 == "trackCompanionClick(c1)" }.count == 1)
        #expect(fixture.opener.openedURLs.count == 2)
    }

    @Test func aCompanionWithoutClickURLIsLeftToTheNetworkOnce() {
        var companion = Self.companion
        companion.clickURL = nil
        let fixture = F(script: .init()).loaded()
        #expect(fixture.session.handleCompanionClick(companion) == .accepted)
        #expect(fixture.session.handleCompanionClick(companion) == .accepted)
        #expect(fixture.network.calls.filter { $0 == "trackCompanionClick(c1)" }.count == 1)
        #expect(fixture.pinger.count(of: URL(string: "https://t.example/click")!) == 1)
        #expect(fixture.opener.openedURLs.isEmpty)
    }

    @Test func aBannerWithoutClickURLIsLeftToTheNetwork() {
        var banner = F.banner("a", duration: 10)
        banner.banner.clickURL = nil
        let fixture = F(script: .init(sections: [.preroll: [banner]])).loaded()
        fixture.session.start(.preroll)
        #expect(fixture.session.handleClick() == .accepted)
        #expect(fixture.network.calls.last == "trackClick")
        #expect(fixture.opener.openedURLs.isEmpty)
    }

    @Test func theSessionIsReleasedWhileTheNetworkHoldsItsDelegate() {
        let network = SimulatedInstreamCustomEvent(script: .init(outcome: .neverAnswers))
        weak var released: InstreamAdSession?
        do {
            let clock = ManualClock()
            let session = InstreamAdSession(
                customEvent: network, player: SimulatedInstreamAdPlayer(clock: MediationClock(clock)),
                configuration: .init(info: [:], privacy: .unrestricted), clock: MediationClock(clock),
                urlOpener: RecordingURLOpener(),
                trackerPinger: RecordingTrackerPinger())
            session.load()
            released = session
        }
        #expect(released == nil)
    }
}
