import Foundation
import MediationCore
import MediationTesting
import Testing

@Suite struct NativeAdCacheTests {
    private func ad(_ title: String, clock: MediationClock, lifetime: Duration = NativeAd.defaultLifetime) -> NativeAd {
        NativeAd(
            adapter: ScriptedNativeAdAdapter(properties: Fixture.properties(title)),
            source: NativeAdSource(customEventIdentifier: "A"), clock: clock, lifetime: lifetime,
            trackerPinger: DiscardingTrackerPinger())
    }

    /// A mediator on `clock`, for the cache to take its clock from.
    private func mediator(_ clock: ManualClock) -> Mediator {
        Mediator(
            registry: MediationRegistry(),
            configuration: MediatorConfiguration(
                clock: MediationClock(clock), trackerPinger: DiscardingTrackerPinger(),
                imagePrecacher: NoImagePrecaching()))
    }

    @Test func keepsAdsPerAdUnitOldestFirst() throws {
        let clock = ManualClock()
        let cache = try NativeAdCache(mediator: mediator(clock))
        cache.store(ad("1", clock: cache.clock), forAdUnit: "feed")
        cache.store(ad("2", clock: cache.clock), forAdUnit: "feed")
        cache.store(ad("x", clock: cache.clock), forAdUnit: "other")
        #expect(cache.count(forAdUnit: "feed") == 2)
        #expect(cache.take(forAdUnit: "feed")?.properties.text(.title) == "1")
        #expect(cache.take(forAdUnit: "feed")?.properties.text(.title) == "2")
        #expect(cache.take(forAdUnit: "feed") == nil)
        #expect(cache.count(forAdUnit: "other") == 1)
    }

    @Test func expiredAdsAreNeverHandedOut() throws {
        let clock = ManualClock()
        let cache = try NativeAdCache(mediator: mediator(clock))
        #expect(NativeAdCache.defaultMaxAge == .seconds(4 * 3600))
        cache.store(ad("old", clock: cache.clock), forAdUnit: "feed")
        clock.advance(by: .seconds(3600))
        cache.store(ad("new", clock: cache.clock), forAdUnit: "feed")
        clock.advance(by: .seconds(3 * 3600 - 1))
        #expect(cache.count(forAdUnit: "feed") == 2)
        clock.advance(by: .seconds(1))
        #expect(cache.count(forAdUnit: "feed") == 1)
        #expect(cache.take(forAdUnit: "feed")?.properties.text(.title) == "new")
    }

    @Test func theEarlierOfTheAdsExpiryAndTheMaximumAgeApplies() throws {
        let clock = ManualClock()
        let cache = try NativeAdCache(mediator: mediator(clock), maxAge: .seconds(60))
        cache.store(ad("short", clock: cache.clock, lifetime: .seconds(10)), forAdUnit: "feed")
        cache.store(ad("long", clock: cache.clock), forAdUnit: "feed")
        clock.advance(by: .seconds(10))
        #expect(cache.count(forAdUnit: "feed") == 1)
        clock.advance(by: .seconds(50))
        #expect(cache.take(forAdUnit: "feed") == nil)
        #expect(!cache.store(ad("dead", clock: cache.clock, lifetime: .zero), forAdUnit: "feed"))
    }

    @Test func removesExpiredAdsAndRespectsCapacity() throws {
        let clock = ManualClock()
        let cache = try NativeAdCache(mediator: mediator(clock), maxAge: .seconds(60), capacityPerAdUnit: 2)
        for title in ["1", "2", "3"] { cache.store(ad(title, clock: cache.clock), forAdUnit: "feed") }
        #expect(cache.count(forAdUnit: "feed") == 2)
        #expect(cache.take(forAdUnit: "feed")?.properties.text(.title) == "2")
        clock.advance(by: .seconds(60))
        #expect(cache.removeExpired() == 1)
        cache.store(ad("4", clock: cache.clock), forAdUnit: "feed")
        cache.removeAll(forAdUnit: "feed")
        #expect(cache.count(forAdUnit: "feed") == 0)
    }

    @Test func refusesNonsenseSettings() {
        let mediator = mediator(ManualClock())
        #expect(throws: MediationError.self) { try NativeAdCache(mediator: mediator, maxAge: .zero) }
        #expect(throws: MediationError.self) { try NativeAdCache(mediator: mediator, capacityPerAdUnit: 0) }
    }

    @Test func cachesWhatAMediatorLoads() async throws {
        let harness = WaterfallHarness()
        let mediator = try harness.mediator(["A": Fixture.fill("A")])
        let cache = try NativeAdCache(mediator: mediator)
        #expect(cache.clock === mediator.clock, "the cache measures expiry on the mediator's clock")
        cache.store(try await mediator.loadNativeAd(from: Fixture.response(["A"])), forAdUnit: "feed")
        harness.clock.advance(by: NativeAdCache.defaultMaxAge - .seconds(1))
        #expect(cache.count(forAdUnit: "feed") == 1)
        harness.clock.advance(by: .seconds(1))
        #expect(cache.take(forAdUnit: "feed") == nil)
    }
}
