import Foundation
import MediationCore
import MediationTesting
import Testing

@MainActor @Suite struct NativeAdExpiryTests {
    let clock = ManualClock()
    let pinger = RecordingTrackerPinger()

    private func makeAd(lifetime: Duration = .seconds(30)) throws -> (NativeAd, ScriptedNativeAdAdapter) {
        let adapter = ScriptedNativeAdAdapter(properties: try Fixtures.fullProperties())
        let ad = NativeAd(
            adapter: adapter, source: Fixtures.source(), clock: MediationClock(clock), lifetime: lifetime,
            trackerPinger: pinger)
        return (ad, adapter)
    }

    @Test func anExpiredAdNeitherRendersNorFiresATrackerNorReachesTheAdapter() async throws {
        let (ad, adapter) = try makeAd()
        let host = RecordingNativeAdDelegate()
        ad.delegate = host
        clock.advance(by: .seconds(30))
        let card = NativeAdCard()

        #expect(throws: MediationError.adExpired) { try ad.render(into: card, using: StaticNativeAdRenderer()) }
        ad.recordImpression()
        ad.recordClick()
        adapter.simulateImpression()

        #expect(card.contents.isEmpty, "nothing was filled")
        #expect(pinger.pinged.isEmpty, "no impression or click tracker fired")
        let calls = adapter.recordedCalls
        #expect(calls.willAttach + calls.trackImpression + calls.trackClick == 0, "the adapter heard nothing")
        #expect(!ad.hasRecordedImpression)
        #expect(
            await host.settledEvents() == [
                .expired, .failed(.adExpired), .failed(.adExpired), .failed(.adExpired),
            ])
    }

    @Test func anAdRendersAndTracksUntilTheLastInstantOfItsLifetime() async throws {
        let (ad, adapter) = try makeAd()
        clock.advance(by: .seconds(30) - .milliseconds(1))
        let card = NativeAdCard()
        try ad.render(into: card, using: StaticNativeAdRenderer())
        ad.recordImpression()
        #expect(card.text(in: .title) == "Great app")
        #expect(adapter.recordedCalls.willAttach == 1)
        #expect(adapter.recordedCalls.trackImpression == 1)
        #expect(pinger.count(of: Fixtures.url("https://t.example/imp")) == 1)
    }

    @Test func timeRemainingCountsDownOnTheAdsClock() throws {
        let (ad, _) = try makeAd(lifetime: .seconds(10))
        #expect(ad.timeRemaining == .seconds(10))
        clock.advance(by: .seconds(4))
        #expect(ad.timeRemaining == .seconds(6))
        clock.advance(by: .seconds(60))
        #expect(ad.timeRemaining == .zero)
        #expect(ad.isExpired)
    }

    @Test func theExpiryCallbackArrivesAtTheExpiryInstantAndOnlyOnce() async throws {
        let (ad, _) = try makeAd(lifetime: .seconds(30))
        clock.advance(by: .seconds(5))
        let host = RecordingNativeAdDelegate()
        ad.delegate = host
        #expect(clock.nextDeadline == ManualClock.Instant(offset: .seconds(30)), "the timer is set for expiresAt")

        clock.advance(by: .seconds(25) - .milliseconds(1))
        #expect(await host.settledEvents().isEmpty, "not yet at t+29.999s")
        clock.advance(by: .milliseconds(1))
        #expect(await host.settledEvents() == [.expired], "heard at t+30s")
        clock.advance(by: .seconds(3600))
        ad.delegate = RecordingNativeAdDelegate()
        #expect(await host.settledEvents() == [.expired])
    }

    @Test func aDelegateSetAfterExpiryHearsItAtOnce() async throws {
        let (ad, _) = try makeAd(lifetime: .seconds(1))
        clock.advance(by: .seconds(2))
        let host = RecordingNativeAdDelegate()
        ad.delegate = host
        #expect(await host.settledEvents() == [.expired])
    }

    @Test func releasingTheAdCancelsItsExpiryTimer() throws {
        var ad: NativeAd? = try makeAd().0
        let host = RecordingNativeAdDelegate()
        ad?.delegate = host
        #expect(clock.pendingCount == 1)
        ad = nil
        #expect(clock.pendingCount == 0)
    }
}
