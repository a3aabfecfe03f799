import Foundation
import MediationTesting
import Testing

@testable import MediationBridge
@testable import MediationCore

/// The learned strategies on the run machine: when they start lines, what they record, the latency budget.
@Suite struct AdaptiveStrategyTests {
    private func at(_ milliseconds: Int64) -> MediationInstant {
        MediationInstant(sinceOrigin: .milliseconds(milliseconds))
    }

    private func ad(_ title: String) -> NativeAd {
        NativeAd(
            adapter: ScriptedNativeAdAdapter(properties: Fixture.properties(title)),
            source: NativeAdSource(customEventIdentifier: title), trackerPinger: DiscardingTrackerPinger())
    }

    private func lines(_ identifiers: String..., timeout: Duration = .seconds(3)) -> [WaterfallLine] {
        identifiers.map { WaterfallLine(customEventIdentifier: $0, timeout: timeout) }
    }

    private func machine(
        _ lines: [WaterfallLine], strategy: MediationStrategy = .recommendedAdaptive,
        statistics: NetworkStatisticsStore
    ) -> WaterfallRunMachine<NativeAd> {
        WaterfallRunMachine<NativeAd>(
            response: AdResponse(lines: lines), strategy: strategy, followsNextURL: false,
            limits: MediationRunLimits(runDeadline: nil), statistics: statistics)
    }

    @Test func withoutDataItStartsLinesOnTheColdStartSchedule() {
        // "Start 3 at 0, keep 2": lines 0…2 start at once, no timer; then a line starts when it comes within two
        // lines of the first unended one, whatever the clock says.
        var run = machine(lines("A", "B", "C", "D", "E"), statistics: NetworkStatisticsStore())
        let start = run.handle(.start(at: at(0))).summary
        #expect(start.filter { $0.hasPrefix("resolve") } == ["resolve 0", "resolve 1", "resolve 2"])
        #expect(!start.contains { $0.hasPrefix("hedge") })
        for line in 0..<3 { _ = run.handle(.lineResolved(line: line, .ready(.all), at: at(0))) }
        #expect(
            !run.handle(.lineFailed(line: 0, error: .noFill, at: at(100))).summary.contains { $0.hasPrefix("resolve") })
        #expect(run.handle(.lineFailed(line: 1, error: .noFill, at: at(200))).summary.contains("resolve 3"))
        #expect(run.handle(.lineFailed(line: 2, error: .noFill, at: at(300))).summary.contains("resolve 4"))
    }

    @Test func theColdStartScheduleStartsAtEachPage() {
        #expect(WaterfallLearnedLaunches.coldStartWait(candidate: 7, pageStart: 5, firstUnended: 5) == .zero)
        #expect(WaterfallLearnedLaunches.coldStartWait(candidate: 8, pageStart: 5, firstUnended: 5) == nil)
        #expect(WaterfallLearnedLaunches.coldStartWait(candidate: 8, pageStart: 5, firstUnended: 7) == .zero)
    }

    @Test func itStartsTheNextLineAtOnceWhenTheLineAboveRarelyFills() {
        let store = NetworkStatisticsStore()
        store.teach("A", fill: 0.05)
        store.teach("B", fill: 0.5)
        store.teach("C", fill: 0.5)
        var run = machine(lines("A", "B", "C"), statistics: store)
        let actions = run.handle(.start(at: at(0))).summary
        #expect(actions.prefix(2) == ["resolve 0", "resolve 1"])
    }

    @Test func itWaitsWhileTheLineAboveIsLikelyToFillThenStartsOnceItHasBeenSilentTooLong() throws {
        let store = NetworkStatisticsStore()
        store.teach("A", fill: 0.9, latency: .milliseconds(200), hangs: 0.1)
        store.teach("B", fill: 0.5)
        var run = machine(lines("A", "B"), statistics: store)
        let start = run.handle(.start(at: at(0))).summary
        #expect(start.first == "resolve 0")
        #expect(!start.contains("resolve 1"))
        // A hedge timer is armed for the moment A's silence makes it unlikely to fill: after its usual latency.
        let hedge = try #require(start.first { $0.hasPrefix("hedge ") })
        let delay = try #require(Int(hedge.split(separator: " ")[3].dropLast(2)))
        #expect(delay >= 150)
        #expect(delay <= 400)
        _ = run.handle(.lineResolved(line: 0, .ready(.all), at: at(0)))
        #expect(run.handle(.hedgeTimerFired(generation: 1, at: at(Int64(delay)))).summary == ["resolve 1"])
    }

    @Test func atAPagesStartItSpendsItsBurstShareWhateverTheControllersScaleThenTheScaledAllowance() {
        // Five lines that fill a quarter of the time, every answer after 200 ms (a fill every fourth answer, so
        // that no fill collapse is seen): sequential's expected requests are 3.05, the burst share
        // 0.88 × 0.35 × 3.05 = 0.94 expected wasted requests. B and C fit it (0.25 + 0.44), D does not (+ 0.58).
        let store = NetworkStatisticsStore()
        for name in ["A", "B", "C", "D", "E"] {
            let key = NetworkStatisticsKey(customEvent: name, network: name)
            for index in 0..<100 {
                store.record(index % 4 == 0 ? .fill : .noFill, latency: .milliseconds(200), for: key)
            }
        }
        // Loads far over the budget have shrunk the controller's allowance to its floor (e^−8).
        for _ in 0..<100 { store.recordRequests(8, sequentialRequests: 1, requestBudget: 1.35) }
        #expect(store.allowanceScale(requestBudget: 1.35) < 0.001)
        var run = machine(lines("A", "B", "C", "D", "E"), statistics: store)
        let start = run.handle(.start(at: at(0))).summary
        #expect(start.filter { $0.hasPrefix("resolve") } == ["resolve 0", "resolve 1", "resolve 2"])
        for line in 0..<3 { _ = run.handle(.lineResolved(line: line, .ready(.all), at: at(0))) }
        // Later decisions spend the scaled allowance: with B and C silent for 100 ms, D waits (the burst's
        // allowance would start it: 0.25 + 0.44 wasted).
        #expect(!run.handle(.lineFailed(line: 0, error: .noFill, at: at(100))).summary.contains("resolve 3"))
        // Every line above D ended: it starts, as under sequential.
        _ = run.handle(.lineFailed(line: 1, error: .noFill, at: at(150)))
        #expect(run.handle(.lineFailed(line: 2, error: .noFill, at: at(160))).summary.contains("resolve 3"))
    }

    @Test func aLineWhoseLinesAboveHaveAllEndedStartsAtOnceWhateverTheStatistics() {
        let store = NetworkStatisticsStore()
        store.teach("A", fill: 1)
        store.teach("B", fill: 1)
        var run = machine(lines("A", "B"), statistics: store)
        _ = run.handle(.start(at: at(0)))
        _ = run.handle(.lineResolved(line: 0, .ready(.all), at: at(0)))
        #expect(run.handle(.lineFailed(line: 0, error: .noFill, at: at(40))).summary.contains("resolve 1"))
    }

    @Test func lowerAdsAreHeldUntilEveryLineAboveEnded() {
        let store = NetworkStatisticsStore()
        store.teach("A", fill: 0.05)
        store.teach("B", fill: 0.9)
        var run = machine(lines("A", "B"), statistics: store)
        _ = run.handle(.start(at: at(0)))
        _ = run.handle(.lineResolved(line: 0, .ready(.all), at: at(0)))
        _ = run.handle(.lineResolved(line: 1, .ready(.all), at: at(0)))
        #expect(!run.handle(.lineLoaded(line: 1, ad: ad("B"), at: at(100))).summary.contains("finish loaded 1"))
        #expect(run.handle(.lineLoaded(line: 0, ad: ad("A"), at: at(900))).summary.contains("finish loaded 0"))
    }

    @Test func answersAreRecordedAndStoppedLinesAsCensoredObservations() {
        let store = NetworkStatisticsStore()
        var run = machine(lines("A", "B", "C", timeout: .seconds(1)), strategy: .sequential, statistics: store)
        _ = run.handle(.start(at: at(0)))
        _ = run.handle(.lineResolved(line: 0, .ready(.all), at: at(0)))
        #expect(run.handle(.lineTimeoutsDue(at: at(1000))).summary.contains("record 0 timeout 1000ms"))
        _ = run.handle(.lineResolved(line: 1, .ready(.all), at: at(1000)))
        #expect(
            run.handle(.lineFailed(line: 1, error: .noFill, at: at(1120))).summary.contains("record 1 noFill 120ms"))
        _ = run.handle(.lineResolved(line: 2, .ready(.all), at: at(1120)))
        #expect(run.handle(.lineLoaded(line: 2, ad: ad("C"), at: at(1300))).summary.contains("record 2 fill 180ms"))

        // A line another line beat records that it was silent until then; one still resolving (never
        // requested) records nothing.
        var hedged = machine(
            lines("A", "B", "C"), strategy: (try? .hedged(after: .zero, maxInFlight: 3)) ?? .sequential,
            statistics: store)
        _ = hedged.handle(.start(at: at(0)))
        _ = hedged.handle(.lineResolved(line: 0, .ready(.all), at: at(0)))
        _ = hedged.handle(.lineResolved(line: 1, .ready(.all), at: at(10)))
        let won = hedged.handle(.lineLoaded(line: 0, ad: ad("A"), at: at(50))).summary
        #expect(won.contains("stop 1"))
        #expect(won.filter { $0.hasPrefix("record") } == ["record 0 fill 50ms", "record 1 stopped 40ms"])

        // So does a line the run's cancellation stops.
        var cancelled = machine(lines("A"), strategy: .sequential, statistics: store)
        _ = cancelled.handle(.start(at: at(0)))
        _ = cancelled.handle(.lineResolved(line: 0, .ready(.all), at: at(0)))
        #expect(cancelled.handle(.cancel(at: at(70))).summary.contains("record 0 stopped 70ms"))
    }

    @Test func theMediatorRecordsIntoItsStore() async throws {
        let clock = ManualClock()
        var registry = MediationRegistry()
        try registry.registerCustomEvent("A") {
            ScriptedCustomEvent(identifier: "A", script: CustomEventScript(.fail(.noFill), latency: .milliseconds(80)))
        }
        registry.addRendererConfiguration(StaticNativeAdRenderer.configuration(customEvents: ["A"]))
        let store = NetworkStatisticsStore()
        let mediator = Mediator(
            registry: registry,
            configuration: MediatorConfiguration(
                strategy: .recommendedAdaptive, clock: MediationClock(clock), trackerPinger: RecordingTrackerPinger(),
                imagePrecacher: NoImagePrecaching(), statistics: store))
        #expect(mediator.statistics === store)
        for _ in 0..<3 {
            mediator.mediate(AdResponse(lines: [WaterfallLine(customEventIdentifier: "A")]), delivery: .immediate) {
                _ in
            }
            clock.runUntilIdle()
        }
        let statistics = try #require(store.statistics(for: NetworkStatisticsKey(customEvent: "A", network: "A")))
        #expect(statistics.noFills.totalWeight > 2.9)
        #expect(statistics.fillProbability == 0)
    }

    // MARK: Latency budget

    @Test func atTheLatencyBudgetTheBestHeldAdWins() throws {
        let store = NetworkStatisticsStore()
        store.teach("A", fill: 0.05)
        store.teach("B", fill: 0.05)
        store.teach("C", fill: 0.5)
        var run = machine(
            lines("A", "B", "C"), strategy: try .latencyBudget(.milliseconds(800)), statistics: store)
        #expect(run.handle(.start(at: at(0))).summary.contains("latency budget after 800ms"))
        for line in 0..<3 { _ = run.handle(.lineResolved(line: line, .ready(.all), at: at(0))) }
        // C loads first; A and B are still loading, so it is held.
        #expect(!run.handle(.lineLoaded(line: 2, ad: ad("C"), at: at(300))).summary.contains("finish loaded 2"))
        let budget = run.handle(.latencyBudgetReached(at: at(800))).summary
        #expect(budget.contains("finish loaded 2"))
        #expect(budget.contains("stop 0"))
        #expect(budget.contains("stop 1"))
        #expect(run.trace.notes.contains("line 2 won at the latency budget"))
    }

    @Test func afterTheLatencyBudgetTheFirstAdToLoadWins() throws {
        let store = NetworkStatisticsStore()
        store.teach("A", fill: 0.05)
        store.teach("B", fill: 0.5)
        var run = machine(lines("A", "B"), strategy: try .latencyBudget(.milliseconds(500)), statistics: store)
        _ = run.handle(.start(at: at(0)))
        for line in 0..<2 { _ = run.handle(.lineResolved(line: line, .ready(.all), at: at(0))) }
        #expect(!run.handle(.latencyBudgetReached(at: at(500))).summary.contains { $0.hasPrefix("finish") })
        #expect(run.handle(.lineLoaded(line: 1, ad: ad("B"), at: at(700))).summary.contains("finish loaded 1"))
    }

    @Test func beforeTheLatencyBudgetThePriorityRuleHolds() throws {
        let store = NetworkStatisticsStore()
        store.teach("A", fill: 0.05)
        store.teach("B", fill: 0.5)
        var run = machine(lines("A", "B"), strategy: try .latencyBudget(.milliseconds(500)), statistics: store)
        _ = run.handle(.start(at: at(0)))
        for line in 0..<2 { _ = run.handle(.lineResolved(line: line, .ready(.all), at: at(0))) }
        #expect(!run.handle(.lineLoaded(line: 1, ad: ad("B"), at: at(100))).summary.contains("finish loaded 1"))
        #expect(run.handle(.lineLoaded(line: 0, ad: ad("A"), at: at(300))).summary.contains("finish loaded 0"))
    }

    // MARK: Early win

    private func pricedLines(_ entries: (String, Double?)...) -> [WaterfallLine] {
        entries.map { WaterfallLine(customEventIdentifier: $0.0, timeout: .seconds(3), price: $0.1) }
    }

    @Test func aHeldAdWinsAtOnceWhenTheLinesAboveAreNotExpectedToAddRevenue() throws {
        let store = NetworkStatisticsStore()
        store.teach("A", fill: 0)
        store.teach("B", fill: 0.5)
        var run = machine(pricedLines(("A", 2), ("B", 1)), strategy: try .earlyWin(), statistics: store)
        #expect(run.handle(.start(at: at(0))).summary.prefix(2) == ["resolve 0", "resolve 1"])
        for line in 0..<2 { _ = run.handle(.lineResolved(line: line, .ready(.all), at: at(0))) }
        let loaded = run.handle(.lineLoaded(line: 1, ad: ad("B"), at: at(100))).summary
        #expect(loaded.contains("finish loaded 1"))
        #expect(loaded.contains("stop 0"))
        #expect(run.trace.notes.contains("line 1 won early: the lines above it were unlikely to add revenue"))
    }

    @Test func aHeldAdWaitsWhileALineAboveMayStillFillAtAHigherPriceThenWinsOnceItsSilenceSaysOtherwise() throws {
        let store = NetworkStatisticsStore()
        // A fills 30 % of the time at 200 ms and otherwise hangs; B fills half the time.
        store.teach("A", fill: 0.3, latency: .milliseconds(200), hangs: 0.7)
        store.teach("B", fill: 0.5)
        var run = machine(pricedLines(("A", 2), ("B", 1)), strategy: try .earlyWin(), statistics: store)
        #expect(run.handle(.start(at: at(0))).summary.prefix(2) == ["resolve 0", "resolve 1"])
        for line in 0..<2 { _ = run.handle(.lineResolved(line: line, .ready(.all), at: at(0))) }
        let loaded = run.handle(.lineLoaded(line: 1, ad: ad("B"), at: at(50))).summary
        #expect(!loaded.contains { $0.hasPrefix("finish") })
        // A timer is armed for the moment A's silence says it hangs: past its usual fill latency.
        let timer = try #require(loaded.first { $0.hasPrefix("hedge ") })
        let parts = timer.split(separator: " ")
        let generation = try #require(Int(parts[1]))
        let delay = try #require(Int(parts[3].dropLast(2)))
        #expect(delay + 50 >= 200)
        #expect(delay + 50 <= 400)
        let fired = run.handle(.hedgeTimerFired(generation: generation, at: at(50 + Int64(delay)))).summary
        #expect(fired.contains("finish loaded 1"))
        #expect(fired.contains("stop 0"))
    }

    @Test func theLatencyBudgetAlsoLetsAHeldAdWinEarlyBeforeItsBudget() throws {
        let store = NetworkStatisticsStore()
        store.teach("A", fill: 0)
        store.teach("B", fill: 0.5)
        var run = machine(
            pricedLines(("A", 2), ("B", 1)), strategy: try .latencyBudget(.milliseconds(800)), statistics: store)
        _ = run.handle(.start(at: at(0)))
        for line in 0..<2 { _ = run.handle(.lineResolved(line: line, .ready(.all), at: at(0))) }
        // Long before the budget: A never fills, so waiting for it adds nothing and B wins now.
        #expect(run.handle(.lineLoaded(line: 1, ad: ad("B"), at: at(100))).summary.contains("finish loaded 1"))
        // With no tolerance at all, only certainty lets it win early; a line that may still fill is waited for.
        let cautious = NetworkStatisticsStore()
        cautious.teach("A", fill: 0.2)
        cautious.teach("B", fill: 0.5)
        var strict = machine(
            pricedLines(("A", 2), ("B", 1)),
            strategy: try .latencyBudget(.milliseconds(800), revenueTolerance: 0), statistics: cautious)
        _ = strict.handle(.start(at: at(0)))
        for line in 0..<2 { _ = strict.handle(.lineResolved(line: line, .ready(.all), at: at(0))) }
        #expect(!strict.handle(.lineLoaded(line: 1, ad: ad("B"), at: at(100))).summary.contains("finish loaded 1"))
        #expect(strict.handle(.latencyBudgetReached(at: at(800))).summary.contains("finish loaded 1"))
    }

    @Test func aLineAboveWithoutAPriceIsAlwaysWaitedFor() throws {
        let store = NetworkStatisticsStore()
        store.teach("A", fill: 0)
        store.teach("B", fill: 0.5)
        var run = machine(pricedLines(("A", nil), ("B", 1)), strategy: try .earlyWin(), statistics: store)
        _ = run.handle(.start(at: at(0)))
        for line in 0..<2 { _ = run.handle(.lineResolved(line: line, .ready(.all), at: at(0))) }
        let loaded = run.handle(.lineLoaded(line: 1, ad: ad("B"), at: at(100))).summary
        #expect(!loaded.contains { $0.hasPrefix("finish") || $0.hasPrefix("hedge") })
        #expect(run.handle(.lineFailed(line: 0, error: .noFill, at: at(900))).summary.contains("finish loaded 1"))
    }

    @Test func theExpectedGainOfWaitingWeighsEachLineAboveByItsChanceToWinAndTheExtraPrice() {
        var half = NetworkStatistics()
        for _ in 0..<10 {
            half.record(.fill, latency: .milliseconds(100), decay: 1)
            half.record(.noFill, latency: .milliseconds(100), decay: 1)
        }
        var valuation = EarlyWinValuation(heldPrice: 1, tolerance: 0.01)
        valuation.add(NetworkProfile(half), elapsed: .zero, timeout: .seconds(1), price: 3)
        valuation.add(NetworkProfile(half), elapsed: .zero, timeout: .seconds(1), price: 2)
        // ½ × (3 − 1) + ½ × ½ × (2 − 1).
        #expect(abs(valuation.expectedGain(after: 0) - 1.25) < 1e-9)
        // Past the timeout neither line can win any more; a line cheaper than the held ad adds nothing.
        #expect(valuation.expectedGain(after: 1) == 0)
        var cheaper = EarlyWinValuation(heldPrice: 1, tolerance: 0.01)
        cheaper.add(NetworkProfile(half), elapsed: .zero, timeout: nil, price: 0.5)
        #expect(cheaper.wait() == .zero)
    }

    @Test func theFactoriesCheckTheirArguments() {
        #expect(
            throws: MediationError.invalidConfiguration(
                path: "strategy.requestBudget", reason: "expected a multiple of sequential's requests in 1...8, got 0.5"
            )
        ) { try MediationStrategy.adaptive(requestBudget: 0.5) }
        #expect(throws: MediationError.self) { try MediationStrategy.adaptive(requestBudget: .nan) }
        #expect(throws: MediationError.self) { try MediationStrategy.latencyBudget(.zero) }
        #expect(MediationStrategy.recommendedAdaptive.description == "adaptive(requestBudget: 1.35)")
        #expect(
            (try? MediationStrategy.latencyBudget(.milliseconds(800)))?.description
                == "latencyBudget(800ms, requestBudget: 1.35)")
        #expect(
            throws: MediationError.invalidConfiguration(
                path: "strategy.revenueTolerance", reason: "expected a share of the held ad's price in 0...1, got 1.5")
        ) { try MediationStrategy.earlyWin(revenueTolerance: 1.5) }
        #expect(throws: MediationError.self) {
            try MediationStrategy.latencyBudget(.milliseconds(800), revenueTolerance: -0.1)
        }
        #expect(
            (try? MediationStrategy.earlyWin())?.description == "earlyWin(revenueTolerance: 0.01, requestBudget: 1.35)")
        #expect(
            (try? MediationStrategy.latencyBudget(.milliseconds(800), revenueTolerance: 0.05))?.description
                == "latencyBudget(800ms, requestBudget: 1.35, revenueTolerance: 0.05)")
        #expect(MediationStrategy.recommendedAdaptive.keepsSequentialWinner)
        #expect(MediationStrategy.default.keepsSequentialWinner)
        #expect((try? MediationStrategy.earlyWin())?.keepsSequentialWinner == false)
        #expect((try? MediationStrategy.latencyBudget(.milliseconds(800)))?.keepsSequentialWinner == false)
        #expect(!MediationStrategy.recommendedAdaptive.isSequential)
        #expect(MediationStrategy.recommendedAdaptive.isLearned)
        #expect(MediationStrategy.default.isLearned && MediationStrategy.default == .recommendedAdaptive)
    }
}
