import Foundation
import MediationCore
import MediationTesting
import Testing

/// The ready-ad cache on a manual clock: it keeps N ready, refills after a hand-out, drops ads at their expiry
/// (a bid's with its loss notice once), pauses, backs off on no-fill and never exceeds its cap.
@Suite struct ReadyAdCacheTests {
    private static let impression = URL(string: "https://track.example/imp")!

    /// A mediator on `harness`'s clock over `scripts`, with `lifetime` for its ads.
    private static func mediator(
        _ harness: WaterfallHarness, _ scripts: [String: CustomEventScript],
        lifetime: Duration = NativeAd.defaultLifetime, maximumBackoff: Duration = .seconds(300)
    ) throws -> Mediator {
        Mediator(
            registry: try harness.registry(scripts),
            configuration: MediatorConfiguration(
                strategy: .sequential, clock: harness.mediationClock, logger: harness.logger,
                trackerPinger: harness.pinger, imagePrecacher: NoImagePrecaching(), adLifetime: lifetime,
                limits: MediationRunLimits(maximumBackoff: maximumBackoff)))
    }

    private static func cache(
        _ mediator: Mediator, _ lines: [WaterfallLine], capacity: Int = 10
    ) throws -> ReadyAdCache {
        try ReadyAdCache(
            mediator: mediator, source: StaticReadyAdResponseSource(response: AdResponse(lines: lines)),
            capacity: capacity)
    }

    private static func line(_ identifier: String) -> WaterfallLine {
        WaterfallLine(customEventIdentifier: identifier, impressionTrackers: [impression])
    }

    @Test func keepsNReadyAndRefillsAfterAHandOut() throws {
        let harness = WaterfallHarness()
        let mediator = try Self.mediator(harness, ["A": Fixture.fill("a", after: 100)])
        let cache = try Self.cache(mediator, [Self.line("A")])
        try cache.setDemand(ReadyAdDemand(adUnitID: "feed", count: 3))
        #expect(cache.loadsInFlight(forAdUnit: "feed") == ReadyAdCache.maximumConcurrentLoads)
        harness.clock.advance(by: .milliseconds(100))
        #expect(cache.readyCount(forAdUnit: "feed") == 2)
        harness.clock.advance(by: .milliseconds(100))
        #expect(cache.readyCount(forAdUnit: "feed") == 3)
        #expect(cache.loadsInFlight(forAdUnit: "feed") == 0, "no load beyond the demand")

        harness.clock.advance(by: .seconds(5))
        let taken = try #require(cache.take(forAdUnit: "feed"))
        #expect(taken.trace.readyAd == ReadyAdRecord(loadedAt: .milliseconds(100), waited: .milliseconds(5_100)))
        #expect(taken.waited == .milliseconds(5_100))
        #expect(cache.readyCount(forAdUnit: "feed") == 2)
        #expect(cache.loadsInFlight(forAdUnit: "feed") == 1, "a load replaces the ad handed out")
        harness.clock.advance(by: .milliseconds(100))
        #expect(cache.readyCount(forAdUnit: "feed") == 3)
        #expect(cache.statistics.loadsStarted == 4)
        #expect(cache.statistics.handedOut == 1)

        taken.ad.recordImpression()
        taken.ad.recordImpression()
        #expect(harness.pinger.count(of: Self.impression) == 1, "a handed-out ad keeps its once-only impression")
    }

    @Test func theTraceJSONCarriesTheWait() throws {
        let harness = WaterfallHarness()
        let mediator = try Self.mediator(harness, ["A": Fixture.fill("a", after: 40)])
        let cache = try Self.cache(mediator, [Self.line("A")])
        try cache.setDemand(ReadyAdDemand(adUnitID: "feed", count: 1))
        harness.clock.advance(by: .seconds(2))
        let taken = try #require(cache.take(forAdUnit: "feed"))
        let trace = taken.trace
        let json = trace.jsonString()
        #expect(json.contains("\"loadedAtMs\":40") && json.contains("\"waitedMs\":1960"))
        let decoded = try JSONDecoder().decode(MediationTrace.self, from: Data(json.utf8))
        #expect(decoded.readyAd == trace.readyAd)
        let page = MediationInspector.htmlPage(for: MediationInspection(result: taken.result, mediator: mediator))
        #expect(page.contains("From the ready-ad cache: loaded 40ms into its run, waited 1960ms"))
    }

    @Test func dropsAnAdAtItsOwnExpiryFiringNothingBillable() throws {
        let harness = WaterfallHarness()
        let mediator = try Self.mediator(harness, ["A": Fixture.fill("a")], lifetime: .seconds(60))
        let cache = try Self.cache(mediator, [Self.line("A")])
        try cache.setDemand(ReadyAdDemand(adUnitID: "feed", count: 1))
        cache.pause()
        harness.clock.advance(by: .milliseconds(58_999))
        #expect(cache.readyCount(forAdUnit: "feed") == 1)
        harness.clock.advance(by: .milliseconds(1))
        #expect(cache.readyCount(forAdUnit: "feed") == 0, "dropped the margin (1 s) before its 60 s lifetime")
        #expect(cache.statistics.expiredUnshown == 1)
        #expect(cache.take(forAdUnit: "feed") == nil)
        #expect(harness.pinger.pings.allSatisfy { $0.event != .impression && $0.event != .billing })
        #expect(harness.pinger.pings.filter { $0.event == .loss }.isEmpty, "a waterfall line has no loss notice")
    }

    @Test func dropsABidAtItsExpiryWithItsLossNoticeOnce() throws {
        let harness = WaterfallHarness()
        let mediator = try Self.mediator(harness, ["Bid": Fixture.fill("bid")])
        let bid = try AuctionFixture.bid("Bid", price: 2, expiryMilliseconds: 30_000)
        let cache = try Self.cache(mediator, [bid])
        try cache.setDemand(ReadyAdDemand(adUnitID: "feed", count: 1))
        cache.pause()
        #expect(AuctionFixture.notices(harness.pinger, .win).count == 1, "the run's auction settled as always")
        harness.clock.advance(by: .milliseconds(28_999))
        #expect(cache.readyCount(forAdUnit: "feed") == 1)
        harness.clock.advance(by: .milliseconds(1))
        #expect(cache.readyCount(forAdUnit: "feed") == 0, "dropped 1 s before the bid's 30 s expiry")
        let losses = AuctionFixture.notices(harness.pinger, .loss)
        #expect(losses.count == 1)
        #expect(losses.first.flatMap { AuctionFixture.query($0, "reason") } == "2")
        harness.clock.advance(by: .seconds(3_600))
        #expect(cache.take(forAdUnit: "feed") == nil)
        #expect(AuctionFixture.notices(harness.pinger, .loss).count == 1, "once")
        #expect(AuctionFixture.notices(harness.pinger, .billing).isEmpty)
        #expect(cache.statistics.bidLossNotices == 1)
    }

    @Test func aBidHandedOutBillsAtItsImpressionAndSendsNoLoss() throws {
        let harness = WaterfallHarness()
        let mediator = try Self.mediator(harness, ["Bid": Fixture.fill("bid")])
        let cache = try Self.cache(mediator, [try AuctionFixture.bid("Bid", price: 2, expiryMilliseconds: 30_000)])
        try cache.setDemand(ReadyAdDemand(adUnitID: "feed", count: 1))
        cache.pause()
        harness.clock.advance(by: .seconds(10))
        let taken = try #require(cache.take(forAdUnit: "feed"))
        taken.ad.recordImpression()
        taken.ad.recordImpression()
        harness.clock.advance(by: .seconds(60))
        #expect(AuctionFixture.notices(harness.pinger, .billing).count == 1)
        #expect(AuctionFixture.notices(harness.pinger, .loss).isEmpty)
    }

    @Test func pausesInTheBackgroundAndWhenTheHostSaysSo() throws {
        let harness = WaterfallHarness()
        let mediator = try Self.mediator(harness, ["A": Fixture.fill("a", after: 100)])
        let cache = try Self.cache(mediator, [Self.line("A")])
        cache.setInBackground(true)
        try cache.setDemand(ReadyAdDemand(adUnitID: "feed", count: 2))
        harness.clock.advance(by: .seconds(10))
        #expect(cache.statistics.loadsStarted == 0)
        cache.setInBackground(false)
        #expect(cache.loadsInFlight(forAdUnit: "feed") == 2)
        cache.setInBackground(true)
        harness.clock.advance(by: .milliseconds(100))
        #expect(cache.readyCount(forAdUnit: "feed") == 2, "loads in flight finish and are kept")
        _ = cache.take(forAdUnit: "feed")
        harness.clock.advance(by: .seconds(10))
        #expect(cache.statistics.loadsStarted == 2, "no refill in the background")
        cache.setInBackground(false)
        cache.pause()
        #expect(cache.statistics.loadsStarted == 3)
        _ = cache.take(forAdUnit: "feed")
        harness.clock.advance(by: .seconds(10))
        #expect(cache.statistics.loadsStarted == 3, "no refill while paused")
        cache.resume()
        #expect(cache.statistics.loadsStarted == 4)
    }

    @Test func backsOffOnRepeatedNoFillThroughTheRateLimiter() throws {
        let harness = WaterfallHarness()
        let mediator = try Self.mediator(harness, ["A": Fixture.noFill()], maximumBackoff: .seconds(5))
        let cache = try Self.cache(mediator, [Self.line("A")])
        try cache.setDemand(ReadyAdDemand(adUnitID: "feed", count: 1))
        #expect(cache.statistics.loadsStarted == 1)
        #expect(mediator.rateLimit(forAdUnit: "feed") == harness.mediationClock.now.advanced(by: .seconds(2)))
        var startedAt: [Duration] = []
        var started = 1
        for _ in 0..<4 {
            while cache.statistics.loadsStarted == started, harness.clock.advanceToNextDeadline() {}
            started = cache.statistics.loadsStarted
            startedAt.append(harness.clock.elapsedSinceStart)
        }
        #expect(startedAt == [.seconds(2), .seconds(6), .seconds(11), .seconds(16)], "2, 4, then the 5 s cap")
        #expect(cache.statistics.failures == 5)
        #expect(cache.statistics.fills == 0)
    }

    @Test func theBackOffIsTheAdUnitsOwn() throws {
        let harness = WaterfallHarness()
        let mediator = try Self.mediator(harness, ["A": Fixture.noFill(), "B": Fixture.fill("b")])
        let cache = try ReadyAdCache(
            mediator: mediator,
            source: StaticReadyAdResponseSource(response: AdResponse(lines: [Self.line("A")])), capacity: 2)
        try cache.setDemand(ReadyAdDemand(adUnitID: "feed", count: 1))
        #expect(cache.statistics.failures == 1)
        let filling = try ReadyAdCache(
            mediator: mediator, source: StaticReadyAdResponseSource(response: AdResponse(lines: [Self.line("B")])))
        try filling.setDemand(ReadyAdDemand(adUnitID: "other", count: 1))
        #expect(filling.readyCount(forAdUnit: "other") == 1, "the back-off is the ad unit's, not the mediator's")
    }

    @Test func neverExceedsItsCap() throws {
        let harness = WaterfallHarness()
        let mediator = try Self.mediator(harness, ["A": Fixture.fill("a", after: 10)])
        let cache = try Self.cache(mediator, [Self.line("A")], capacity: 3)
        #expect(throws: MediationError.self) { try cache.setDemand(ReadyAdDemand(adUnitID: "feed", count: 4)) }
        try cache.setDemand(ReadyAdDemand(adUnitID: "feed", count: 2))
        #expect(throws: MediationError.self) { try cache.setDemand(ReadyAdDemand(adUnitID: "other", count: 2)) }
        try cache.setDemand(ReadyAdDemand(adUnitID: "other", count: 1))
        var most = 0
        for step in 0..<200 {
            harness.clock.advance(by: .milliseconds(5))
            if step.isMultiple(of: 3) { _ = cache.take(forAdUnit: step.isMultiple(of: 2) ? "feed" : "other") }
            most = max(
                most,
                cache.heldCount + cache.loadsInFlight(forAdUnit: "feed")
                    + cache.loadsInFlight(forAdUnit: "other"))
        }
        #expect(most == 3)
        #expect(throws: MediationError.self) {
            try ReadyAdCache(
                mediator: mediator, source: StaticReadyAdResponseSource(response: AdResponse(lines: [])),
                capacity: ReadyAdCache.maximumCapacity + 1)
        }
    }

    @Test func loadsWithTheDemandsTargetingAndDropsAdsWhenItChanges() throws {
        let harness = WaterfallHarness()
        let mediator = try Self.mediator(harness, ["A": Fixture.fill("a")])
        let cache = try Self.cache(mediator, [Self.line("A")])
        let adults = try Targeting(age: 30)
        try cache.setDemand(ReadyAdDemand(adUnitID: "feed", count: 1, targeting: adults))
        #expect(harness.events("A").first?.requests.first?.targeting == adults)
        #expect(mediator.targeting == .none, "the mediator's own targeting is untouched")
        try cache.setDemand(ReadyAdDemand(adUnitID: "feed", count: 1, targeting: try Targeting(language: "fr")))
        #expect(cache.statistics.discardedUnshown == 1)
        #expect(harness.events("A").last?.requests.first?.targeting.language == "fr")
        cache.removeDemand(forAdUnit: "feed")
        #expect(cache.heldCount == 0)
        #expect(cache.statistics.discardedUnshown == 2)
    }

    /// A cache the host lets go of while its loads run is freed, and its loads are cancelled: each load's run held
    /// the cache through its completion while the cache held the run, so a released cache lived (and refilled)
    /// until its loads ended, and for ever on a clock released with them pending (LeakSanitizer's report).
    @Test func aCacheReleasedWithLoadsInFlightIsFreedAndCancelsThem() throws {
        let harness = WaterfallHarness()
        let mediator = try Self.mediator(harness, ["A": Fixture.fill("a", after: 100)])
        weak var released: ReadyAdCache?
        do {
            let cache = try Self.cache(mediator, [Self.line("A")])
            try cache.setDemand(ReadyAdDemand(adUnitID: "feed", count: 2))
            #expect(cache.loadsInFlight(forAdUnit: "feed") == 2)
            released = cache
        }
        #expect(released == nil, "the loads in flight kept the released cache")
        let ended = harness.logger.entries.filter { $0.message == "run ended: cancelled" }
        #expect(ended.count == 2, "a released cache cancels its loads")
        harness.clock.advance(by: .seconds(1))
        #expect(harness.clock.pendingCount == 0)
    }

    /// A released cache drops its ready ads unshown, as removing their demand does.
    @Test func aReleasedCacheDropsItsAdsUnshown() throws {
        let harness = WaterfallHarness()
        let mediator = try Self.mediator(harness, ["A": Fixture.fill("a", after: 100)])
        weak var released: ReadyAdCache?
        do {
            let cache = try Self.cache(mediator, [Self.line("A")])
            try cache.setDemand(ReadyAdDemand(adUnitID: "feed", count: 2))
            harness.clock.advance(by: .milliseconds(100))
            #expect(cache.readyCount(forAdUnit: "feed") == 2)
            released = cache
        }
        #expect(released == nil)
        #expect(harness.logger.entries.filter { $0.message.hasSuffix("unshown: the cache was released") }.count == 2)
        #expect(harness.clock.pendingCount == 0, "the ads' expiry timers went with the cache")
        #expect(harness.pinger.count(of: Self.impression) == 0)
    }
}
