import Foundation
import MediationCore
import MediationSupport
import MediationTesting
import Testing

@Suite struct TrackerPingTests {
    @Test func nativeAdPingsCarryTheirEventAndTheAdIdentifier() throws {
        let pinger = RecordingTrackerPinger()
        let adapter = ScriptedNativeAdAdapter(properties: try Fixtures.fullProperties())
        let ad = NativeAd(adapter: adapter, source: Fixtures.source(), trackerPinger: pinger)
        ad.recordImpression()
        ad.recordClick()
        let events = pinger.pings.map(\.event)
        #expect(events.contains(.impression))
        #expect(events.contains(.click))
        #expect(pinger.pings.allSatisfy { $0.owner == ad.identifier })
        let other = NativeAd(adapter: adapter, source: Fixtures.source(), trackerPinger: pinger)
        #expect(other.identifier != ad.identifier)
    }

    @Test func defaultPingImplementationForwardsTheURL() {
        struct URLOnlyPinger: TrackerPinging {
            let urls = Locked<[URL]>([])
            func ping(_ url: URL) { urls.withLock { $0.append(url) } }
        }
        let pinger = URLOnlyPinger()
        let url = Fixtures.url("https://t.example/imp")
        pinger.ping(TrackerPing(url: url, event: .impression, owner: "ad"))
        #expect(pinger.urls.current == [url])
    }

    @Test func discardingPingerWarnsOnceAndFiresNothing() {
        let logger = RecordingLogger()
        let pinger = DiscardingTrackerPinger(logger: logger)
        pinger.ping(Fixtures.url("https://t.example/a"))
        pinger.ping(TrackerPing(url: Fixtures.url("https://t.example/b"), event: .click, owner: nil))
        #expect(logger.entries.count == 1)
        #expect(logger.entries.first?.level == .warning)
        #expect(logger.entries.first?.message.contains("https://t.example/a") == true)
    }

    @Test func impressionsClicksAndAuctionNoticesAreBillable() {
        #expect(TrackerPingEvent.allCases.filter(\.isBillable) == [.impression, .click, .win, .loss, .billing])
        #expect(!TrackerPingEvent.beforeLoad.isBillable && !TrackerPingEvent.afterLoad.isBillable)
    }

    @Test func everyNoticeAboutAnAdIsJournaledButLoadPingsAreNot() {
        let journaled: [TrackerPingEvent] = [.impression, .click, .win, .loss, .billing, .tracking, .error]
        #expect(TrackerPingEvent.allCases.filter(\.isJournaled) == journaled)
        #expect(TrackerPingEvent.allCases.allSatisfy { !$0.isBillable || $0.isJournaled })
    }
}
