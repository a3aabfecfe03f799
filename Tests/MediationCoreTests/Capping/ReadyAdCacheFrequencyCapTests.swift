import Foundation
import MediationCore
import MediationSupport
import MediationTesting
import Testing

/// The ready-ad cache and the caps: loads go on whatever the ad unit's cap (a load is not an impression), and every
/// cap is checked when an ad is handed out, with the ads handed out that wait for their impression counted, so that
/// ads taken ahead for several feed slots cannot break a cap together.
@Suite struct ReadyAdCacheFrequencyCapTests {
    private static func setUp(
        _ harness: WaterfallHarness, rules: FrequencyCapRules, lines: [WaterfallLine] = [CappingFixture.line("A")],
        scripts: [String: CustomEventScript] = ["A": Fixture.fill("a")]
    ) throws -> (Mediator, ReadyAdCache, FrequencyCapStore) {
        let store = CappingFixture.store(harness, directory: nil, rules: rules)
        let mediator = try CappingFixture.mediator(harness, scripts, caps: store)
        let cache = try ReadyAdCache(
            mediator: mediator, source: StaticReadyAdResponseSource(response: AdResponse(lines: lines)))
        return (mediator, cache, store)
    }

    @Test func handsOutWithinTheAdUnitsCapCountingAdsThatWaitForTheirImpression() throws {
        let harness = WaterfallHarness()
        let (_, cache, store) = try Self.setUp(
            harness, rules: FrequencyCapRules(adUnits: ["feed": try CappingFixture.hourly(2)]))
        try cache.setDemand(ReadyAdDemand(adUnitID: "feed", count: 3))
        harness.clock.advance(by: .seconds(1))
        #expect(cache.readyCount(forAdUnit: "feed") == 3)

        let first = try #require(cache.take(forAdUnit: "feed"))
        let second = try #require(cache.take(forAdUnit: "feed"))
        #expect(cache.take(forAdUnit: "feed") == nil, "two handed out and not yet shown fill the cap of two")
        #expect(store.refusal(forAdUnit: "feed")?.impressions == 2)
        #expect(cache.readyCount(forAdUnit: "feed") >= 1, "the refused ad stays ready")
        #expect(harness.logger.entries.contains { $0.message.contains("no ad handed out: frequency_capped") })

        first.ad.recordImpression()
        second.ad.recordImpression()
        #expect(cache.take(forAdUnit: "feed") == nil, "two impressions in the hour")
        #expect(store.impressionCount(.adUnit, key: "feed", within: .seconds(3_600)) == 2)
        harness.clock.advance(by: .seconds(3_599))
        #expect(cache.take(forAdUnit: "feed") == nil, "an impression counts for a whole hour")
        harness.clock.advance(by: .seconds(1))
        #expect(cache.take(forAdUnit: "feed") != nil, "the impressions left the hour")
    }

    @Test func handOutsFromManyThreadsAtOnceNeverTakeMoreThanTheCapAllows() throws {
        for _ in 0..<10 {
            let harness = WaterfallHarness()
            let (_, cache, _) = try Self.setUp(
                harness, rules: FrequencyCapRules(adUnits: ["feed": try CappingFixture.hourly(3)]))
            try cache.setDemand(ReadyAdDemand(adUnitID: "feed", count: 10))
            #expect(cache.readyCount(forAdUnit: "feed") == 10)
            let taken = Locked<[ReadyAd]>([])
            DispatchQueue.concurrentPerform(iterations: 16) { _ in
                if let ad = cache.take(forAdUnit: "feed") { taken.withLock { $0.append(ad) } }
            }
            #expect(taken.current.count == 3, "three places, however many threads ask at once")
        }
    }

    @Test func pacingLetsOneAdOutUntilItsImpressionAndTheInterval() throws {
        let harness = WaterfallHarness()
        let (_, cache, _) = try Self.setUp(
            harness, rules: FrequencyCapRules(adUnits: ["feed": try FrequencyCap(minimumInterval: .seconds(30))]))
        try cache.setDemand(ReadyAdDemand(adUnitID: "feed", count: 2))
        harness.clock.advance(by: .seconds(1))
        let shown = try #require(cache.take(forAdUnit: "feed"))
        #expect(cache.take(forAdUnit: "feed") == nil, "one ad out and not shown: the next waits")
        harness.clock.advance(by: .seconds(60))
        #expect(cache.take(forAdUnit: "feed") == nil, "still waiting for its impression")
        shown.ad.recordImpression()
        harness.clock.advance(by: .seconds(29))
        #expect(cache.take(forAdUnit: "feed") == nil)
        harness.clock.advance(by: .seconds(1))
        #expect(cache.take(forAdUnit: "feed") != nil)
    }

    @Test func anAdLetGoOfUnshownFreesItsPlace() throws {
        let harness = WaterfallHarness()
        let (_, cache, _) = try Self.setUp(
            harness, rules: FrequencyCapRules(adUnits: ["feed": try CappingFixture.hourly(1)]))
        try cache.setDemand(ReadyAdDemand(adUnitID: "feed", count: 2))
        harness.clock.advance(by: .seconds(1))
        var taken = cache.take(forAdUnit: "feed")
        #expect(taken != nil)
        #expect(cache.take(forAdUnit: "feed") == nil)
        taken = nil
        #expect(cache.take(forAdUnit: "feed") != nil, "the host let go of the first ad without showing it")
    }

    @Test func anAdOfACappedNetworkStaysReadyAndTheRefillLoadsAnotherNetwork() throws {
        let harness = WaterfallHarness()
        let (_, cache, _) = try Self.setUp(
            harness, rules: FrequencyCapRules(networks: ["Google": try CappingFixture.hourly(1)]),
            lines: [CappingFixture.line("G", network: "Google"), CappingFixture.line("T", network: "TAMedia")],
            scripts: ["G": Fixture.fill("google", after: 10), "T": Fixture.fill("tamedia", after: 10)])
        try cache.setDemand(ReadyAdDemand(adUnitID: "feed", count: 2))
        harness.clock.advance(by: .seconds(1))
        let google = try #require(cache.take(forAdUnit: "feed"))
        #expect(Fixture.title(google.result) == "google")
        #expect(cache.take(forAdUnit: "feed") == nil, "the other ready ad is Google's too: it waits")
        // The refill's waterfall skips Google, which has an ad out: TAMedia fills.
        harness.clock.advance(by: .seconds(1))
        let next = try #require(cache.take(forAdUnit: "feed"))
        #expect(Fixture.title(next.result) == "tamedia")
        #expect(next.trace.entries.first?.errorCode == "frequency_capped")
    }

    @Test func theCachesLoadsGoOnWhileTheAdUnitIsCapped() throws {
        let harness = WaterfallHarness()
        let (mediator, cache, _) = try Self.setUp(
            harness, rules: FrequencyCapRules(adUnits: ["feed": try CappingFixture.hourly(1)]))
        CappingFixture.run(mediator, AdResponse(lines: [CappingFixture.line("A")], adUnitID: "feed"))?.ad?
            .recordImpression()
        try cache.setDemand(ReadyAdDemand(adUnitID: "feed", count: 2))
        harness.clock.advance(by: .seconds(1))
        #expect(cache.readyCount(forAdUnit: "feed") == 2, "loaded ahead for when the cap frees")
        #expect(cache.statistics.failures == 0)
        #expect(cache.take(forAdUnit: "feed") == nil)
        harness.clock.advance(by: .seconds(3_599))
        #expect(cache.take(forAdUnit: "feed") != nil)
    }
}
