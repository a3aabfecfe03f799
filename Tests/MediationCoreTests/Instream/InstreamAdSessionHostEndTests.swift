import Foundation
import MediationCore
import MediationTesting
import Testing

/// Issue 25's two session fixes, over the framework's own simulated network: the open banner completes before the
/// section on a host `stop()` or `skip()`, and a click URL the URL policy refuses never reaches the host while the
/// click still counts with the network.
@Suite("InstreamAdSession: host ends and refused click URLs")
struct InstreamAdSessionHostEndTests {
    typealias F = InstreamTestFixture

    @Test func stopCompletesTheOpenBannerBeforeTheSection() {
        let banner = F.banner("a", duration: 10)
        let fixture = F(script: .init(sections: [.preroll: [banner, F.banner("b")]])).loaded()
        fixture.session.start(.preroll)
        fixture.clock.advance(by: .seconds(1))
        #expect(fixture.session.stop() == .accepted)
        #expect(
            fixture.session.reportedEvents.suffix(2) == [.bannerCompleted(banner.banner), .sectionCompleted(.preroll)])
        #expect(fixture.session.reportedEvents.count { $0 == .bannerCompleted(banner.banner) } == 1)
        #expect(fixture.session.currentBanner == nil)
    }

    @Test func skipCompletesTheOpenBannerBeforeTheSection() {
        let banner = F.banner("a", duration: 10, allowClose: true)
        let fixture = F(script: .init(sections: [.preroll: [banner]])).loaded()
        fixture.session.start(.preroll)
        fixture.clock.advance(by: .seconds(1))
        #expect(fixture.session.skip() == .accepted)
        #expect(
            fixture.session.reportedEvents.suffix(2) == [.bannerCompleted(banner.banner), .sectionCompleted(.preroll)])
    }

    @Test func aRefusedClickURLIsDroppedFromTheBannerTheHostSees() {
        let refused = F.banner("a", duration: 10, clickURL: "javascript:alert(1)")
        let fixture = F(script: .init(sections: [.preroll: [refused]])).loaded()
        fixture.session.start(.preroll)
        let started = fixture.session.reportedEvents.compactMap { event -> InstreamAdBanner? in
            if case .bannerStarted(let banner) = event { return banner } else { return nil }
        }
        #expect(started.count == 1)
        #expect(started.first?.clickURL == nil)
        #expect(started.first?.identifier == "a")
        #expect(fixture.session.currentBanner?.clickURL == nil)
    }

    @Test func aRefusedClickStillCountsWithTheNetworkAndOpensNothing() {
        let refused = F.banner("a", duration: 10, clickURL: "javascript:alert(1)")
        let fixture = F(script: .init(sections: [.preroll: [refused]])).loaded()
        fixture.session.start(.preroll)
        let result = fixture.session.handleClick()
        #expect(
            result
                == .refused(
                    reason: "click URL javascript:alert(1) is not http(s) or a declared app scheme"
                        + " (the click was counted, nothing was opened)"))
        #expect(fixture.network.callLog.count { $0 == .trackClick } == 1)
        #expect(fixture.opener.openedURLs.isEmpty)
    }

    @Test func theNextBannersAllowedURLIsKept() {
        let refused = F.banner("a", duration: 1, clickURL: "javascript:alert(1)")
        let allowed = F.banner("b", duration: 10, clickURL: "https://shop.example/b")
        let fixture = F(script: .init(sections: [.preroll: [refused, allowed]])).loaded()
        fixture.session.start(.preroll)
        fixture.clock.advance(by: .seconds(2))
        #expect(fixture.session.currentBanner?.identifier == "b")
        #expect(fixture.session.handleClick() == .accepted)
        #expect(fixture.opener.openedURLs == [URL(string: "https://shop.example/b")!])
    }

    @Test func theRequestCarriesTheSessionsURLPolicy() {
        let policy = MediationURLPolicy(allowedDeepLinkSchemes: ["myapp"])
        let fixture = F(
            script: .init(sections: [:]), configuration: .init(info: [:], privacy: .unrestricted, urlPolicy: policy)
        ).loaded()
        #expect(fixture.network.lastRequest?.urlPolicy == policy)
    }
}
