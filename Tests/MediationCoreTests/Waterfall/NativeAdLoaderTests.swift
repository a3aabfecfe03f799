import Foundation
import MediationCore
import MediationSupport
import MediationTesting
import Testing

@Suite struct NativeAdLoaderTests {
    @Test(arguments: [0, 21, -1])
    func refusesCountsOutsideOneToTwenty(count: Int) async throws {
        let harness = WaterfallHarness()
        let loader = try NativeAdLoader(mediator: try harness.mediator(["A": Fixture.fill("A")]))
        await #expect(
            throws: MediationError.invalidConfiguration(path: "count", reason: "expected 1...20 ads, got \(count)")
        ) {
            _ = try await loader.loadAds(count: count, from: Fixture.response(["A"]))
        }
        #expect(harness.events("A").isEmpty)
    }

    @Test func refusesAConcurrencyOutsideOneToTwenty() throws {
        let harness = WaterfallHarness()
        let mediator = try harness.mediator([:])
        #expect(throws: MediationError.self) { try NativeAdLoader(mediator: mediator, maxConcurrentRuns: 0) }
    }

    @Test(arguments: [1, 7, 20])
    func loadsUpToNAds(count: Int) async throws {
        let harness = WaterfallHarness()
        let loader = try NativeAdLoader(
            mediator: try harness.mediator(["A": Fixture.noFill(), "B": Fixture.fill("B")]))
        let batch = try await loader.loadAds(count: count, from: Fixture.response(["A", "B"]))
        #expect(batch.ads.count == count)
        #expect(batch.results.count == count)
        #expect(harness.events("B").count == count)
    }

    @Test func returnsWhatLoadedWhenSomeRunsFail() throws {
        let harness = WaterfallHarness()
        let alternating = Locked(0)
        var registry = MediationRegistry()
        try registry.registerCustomEvent("A") {
            let index = alternating.withLock { value in
                defer { value += 1 }
                return value
            }
            return ScriptedCustomEvent(
                identifier: "A",
                script: index.isMultiple(of: 2) ? Fixture.fill("A\(index)", after: 100) : Fixture.noFill(after: 100))
        }
        registry.addRendererConfiguration(StaticNativeAdRenderer.configuration(customEvents: ["A"]))
        let mediator = Mediator(
            registry: registry,
            configuration: MediatorConfiguration(
                strategy: .sequential, clock: harness.mediationClock, trackerPinger: RecordingTrackerPinger(),
                imagePrecacher: NoImagePrecaching()))
        let loader = try NativeAdLoader(mediator: mediator, maxConcurrentRuns: 2)
        let batches = Locked<[NativeAdBatch]>([])
        try loader.loadAds(count: 5, from: Fixture.response(["A"]), delivery: .immediate) { batch in
            batches.withLock { $0.append(batch) }
        }
        #expect(alternating.current == 2, "two runs at a time")
        harness.clock.runUntilIdle()
        let batch = try #require(batches.current.first)
        #expect(batches.current.count == 1)
        #expect(batch.ads.map { $0.properties.text(.title) } == ["A0", "A2", "A4"])
        #expect(batch.errors == [.noFill, .noFill])
        #expect(harness.clock.elapsedSinceStart == .milliseconds(300))
    }

    @Test func returnsNoAdsWhenNothingFills() async throws {
        let harness = WaterfallHarness()
        let loader = try NativeAdLoader(mediator: try harness.mediator(["A": Fixture.noFill()]))
        let batch = try await loader.loadAds(count: 3, from: Fixture.response(["A"]))
        #expect(batch.ads.isEmpty)
        #expect(batch.errors == [.noFill, .noFill, .noFill])
    }

    @Test func stopsStartingRunsOnceRateLimited() async throws {
        let harness = WaterfallHarness()
        let loader = try NativeAdLoader(mediator: try harness.mediator(["A": Fixture.fill("A")]), maxConcurrentRuns: 1)
        let response = AdResponse(
            lines: [WaterfallLine(customEventIdentifier: "A")], adUnitID: "feed", backoff: .seconds(30))
        let batch = try await loader.loadAds(count: 5, from: response)
        #expect(batch.ads.count == 1)
        #expect(batch.results.count == 2)
        #expect(batch.errors == [.rateLimited(until: MediationInstant(sinceOrigin: .seconds(30)))])
    }

    @Test func cancelDeliversWhatLoadedSoFar() throws {
        let harness = WaterfallHarness()
        let loader = try NativeAdLoader(
            mediator: try harness.mediator(["A": Fixture.fill("A", after: 100)]), maxConcurrentRuns: 1)
        let batches = Locked<[NativeAdBatch]>([])
        let load = try loader.loadAds(count: 4, from: Fixture.response(["A"]), delivery: .immediate) { batch in
            batches.withLock { $0.append(batch) }
        }
        harness.clock.advance(by: .milliseconds(150))
        load.cancel()
        harness.clock.runUntilIdle()
        #expect(batches.current.count == 1)
        #expect(batches.current.first?.ads.count == 1)
        #expect(batches.current.first?.errors == [.cancelled])
        #expect(load.isComplete)
    }
}
