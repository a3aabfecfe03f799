import Foundation
import MediationCore
import MediationSupport
import MediationTesting
import Testing

/// An adapter sets its ad's lifetime and can invalidate it; the host hears the expiry once.
@MainActor @Suite struct NativeAdNetworkLifetimeTests {
    final class Outcomes: NativeCustomEventDelegate {
        let ads = Locked<[NativeAd]>([])
        func nativeCustomEvent(_ event: any NativeCustomEvent, didLoad ad: NativeAd) { ads.withLock { $0.append(ad) } }
        func nativeCustomEvent(_ event: any NativeCustomEvent, didFailWith error: MediationError) {}
    }

    private func context(_ clock: ManualClock, logger: RecordingLogger = RecordingLogger()) -> NativeAdRequestContext {
        NativeAdRequestContext(
            delegate: Outcomes(), clock: MediationClock(clock), logger: logger,
            trackerPinger: DiscardingTrackerPinger(), source: Fixtures.source())
    }

    @Test func theNetworkLifetimeShortensTheAdAndTheHostLifetimeStillCaps() throws {
        let clock = ManualClock()
        let adapter = ScriptedNativeAdAdapter(properties: try Fixtures.fullProperties())
        let hour = context(clock).makeNativeAd(adapter: adapter, lifetime: .seconds(3_600))
        #expect(hour.timeRemaining == .seconds(3_600))
        let long = context(clock).makeNativeAd(adapter: adapter, lifetime: .seconds(86_400))
        #expect(long.timeRemaining == NativeAd.defaultLifetime)
        #expect(context(clock).makeNativeAd(adapter: adapter).timeRemaining == NativeAd.defaultLifetime)
    }

    @Test func invalidationExpiresTheAdAndTheHostHearsItOnce() async throws {
        let clock = ManualClock()
        let logger = RecordingLogger()
        let adapter = ScriptedNativeAdAdapter(properties: try Fixtures.fullProperties())
        let ad = context(clock, logger: logger).makeNativeAd(adapter: adapter, lifetime: .seconds(3_600))
        let host = RecordingNativeAdDelegate()
        ad.delegate = host
        clock.advance(by: .seconds(60))
        adapter.delegate?.nativeAdAdapterDidInvalidate(adapter)
        adapter.delegate?.nativeAdAdapterDidInvalidate(adapter)
        #expect(ad.isExpired)
        #expect(ad.timeRemaining == .zero)
        #expect(ad.invalidatedAt != nil)
        clock.advance(by: .seconds(7_200))
        clock.runUntilIdle()
        #expect(await host.settledCount(.expired) == 1)
        #expect(throws: MediationError.adExpired) {
            try ad.render(into: NativeAdCard(), using: StaticNativeAdRenderer())
        }
        ad.recordImpression()
        #expect(await host.settledCount(.failed(.adExpired)) == 1)
        let warnings = logger.entries.filter { $0.metadata["code"] == "ad_expired" }
        #expect(warnings.count == 2)
        #expect(warnings.allSatisfy { $0.message.contains(ad.identifier) && $0.message.contains("invalidated") })
        #expect(warnings.first?.metadata["age_ms"] == "7260000")
    }

    @Test func invalidationBeforeTheHostListensIsAnnouncedWhenItDoes() async throws {
        let clock = ManualClock()
        let adapter = ScriptedNativeAdAdapter(properties: try Fixtures.fullProperties())
        let ad = context(clock).makeNativeAd(adapter: adapter)
        adapter.delegate?.nativeAdAdapterDidInvalidate(adapter)
        let host = RecordingNativeAdDelegate()
        ad.delegate = host
        clock.advance(by: NativeAd.defaultLifetime)
        clock.runUntilIdle()
        #expect(await host.settledCount(.expired) == 1)
    }

    @Test func theLifetimeTimerAloneStillAnnouncesOnce() async throws {
        let clock = ManualClock()
        let adapter = ScriptedNativeAdAdapter(properties: try Fixtures.fullProperties())
        let ad = context(clock).makeNativeAd(adapter: adapter, lifetime: .seconds(10))
        let host = RecordingNativeAdDelegate()
        ad.delegate = host
        clock.advance(by: .seconds(11))
        adapter.delegate?.nativeAdAdapterDidInvalidate(adapter)
        #expect(await host.settledCount(.expired) == 1)
    }
}
