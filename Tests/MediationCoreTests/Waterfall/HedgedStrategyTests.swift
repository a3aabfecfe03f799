import Foundation
import MediationCore
import MediationTesting
import Testing

/// The hedged strategy on a manual clock.
@Suite struct HedgedStrategyTests {
    private let hedged = (try? MediationStrategy.hedged(after: .milliseconds(200), maxInFlight: 2)) ?? .sequential

    @Test func startsTheNextLineAfterTheDelayAndHoldsItsAdUntilTheLineAboveFails() throws {
        let harness = WaterfallHarness()
        let mediator = try harness.mediator(
            ["A": Fixture.noFill(after: 1000), "B": Fixture.fill("B", after: 300)], strategy: hedged)
        let recorder = RunRecorder(harness.clock)
        mediator.mediate(Fixture.response(["A", "B"]), delivery: .immediate, completion: recorder.completion)
        harness.clock.advance(by: .milliseconds(199))
        #expect(harness.events("B").isEmpty)
        harness.clock.advance(by: .milliseconds(1))
        #expect(harness.events("B").count == 1)
        harness.clock.advance(by: .milliseconds(300))
        #expect(recorder.results.isEmpty, "B's ad is held while A may still fill")
        harness.clock.runUntilIdle()
        #expect(Fixture.title(recorder.single) == "B")
        #expect(recorder.deliveredAt == .milliseconds(1000), "sequential would deliver at 1300ms")
        #expect(recorder.single?.trace.entries.map(\.start) == [.zero, .milliseconds(200)])
    }

    @Test func theHigherLineWinsAndTheHeldAdIsReleased() throws {
        let harness = WaterfallHarness()
        let lower = ManualCustomEvent(identifier: "B")
        let mediator = try harness.mediator(
            manual: [lower], scripts: ["A": Fixture.fill("A", after: 1000)], strategy: hedged)
        let recorder = RunRecorder(harness.clock)
        mediator.mediate(Fixture.response(["A", "B"]), delivery: .immediate, completion: recorder.completion)
        harness.clock.advance(by: .milliseconds(300))
        lower.load("B")
        #expect(lower.liveAdCount == 1, "held while A may still fill")
        harness.clock.runUntilIdle()
        #expect(Fixture.title(recorder.single) == "A")
        #expect(lower.liveAdCount == 0, "released once A won")
        #expect(lower.stopCount == 0, "B had already answered")
        #expect(recorder.single?.trace.entries.last?.detail == "released: line 0 won")
    }

    @Test func losersStillLoadingAreStopped() throws {
        let harness = WaterfallHarness()
        let mediator = try harness.mediator(
            ["A": Fixture.fill("A", after: 400), "B": Fixture.fill("B", after: 1000), "C": .never], strategy: hedged)
        let recorder = RunRecorder(harness.clock)
        mediator.mediate(Fixture.response(["A", "B", "C"]), delivery: .immediate, completion: recorder.completion)
        harness.clock.runUntilIdle()
        #expect(Fixture.title(recorder.single) == "A")
        #expect(recorder.deliveredAt == .milliseconds(400))
        #expect(harness.event("B")?.stopCount == 1)
        #expect(harness.events("C").isEmpty, "at most two lines in flight")
        #expect(recorder.single?.trace.results == [.loaded, .stopped])
        #expect(harness.clock.pendingCount == 0)
    }

    @Test func neverMoreLinesInFlightThanTheLimit() throws {
        let harness = WaterfallHarness()
        let strategy = try MediationStrategy.hedged(after: .milliseconds(100), maxInFlight: 3)
        let scripts = Dictionary(uniqueKeysWithValues: (0..<6).map { ("L\($0)", CustomEventScript.never) })
        let mediator = try harness.mediator(scripts, strategy: strategy)
        let run = mediator.mediate(Fixture.response((0..<6).map { "L\($0)" }), delivery: .immediate) { _ in }
        var started: [Int] = []
        for _ in 0..<5 {
            started.append(run.trace.entries.count)
            harness.clock.advance(by: .milliseconds(100))
        }
        #expect(started == [1, 2, 3, 3, 3])
        harness.clock.advance(by: .seconds(10))
        #expect(run.trace.entries.count == 6, "timeouts free places for the rest")
        run.cancel()
    }

    @Test func aFailureFreesItsPlaceAtOnce() throws {
        let harness = WaterfallHarness()
        let mediator = try harness.mediator(
            ["A": .never, "B": Fixture.noFill(after: 50), "C": .never], strategy: hedged)
        let run = mediator.mediate(Fixture.response(["A", "B", "C"]), delivery: .immediate) { _ in }
        harness.clock.advance(by: .milliseconds(250))
        #expect(run.trace.entries.map(\.start) == [.zero, .milliseconds(200), .milliseconds(250)])
        run.cancel()
    }

    @Test func aNewPageStartsWithOneLineAgain() throws {
        let harness = WaterfallHarness()
        let page2 = try #require(URL(string: "https://ads.example/2"))
        let source = InMemoryAdResponseSource(pages: [page2: Fixture.response(["C", "D"])])
        let mediator = try harness.mediator(
            ["A": .never, "B": .never, "C": .never, "D": .never], strategy: hedged, responseSource: source)
        var first = AdResponse(
            lines: ["A", "B"].map { WaterfallLine(customEventIdentifier: $0, timeout: .seconds(1)) })
        first.nextURL = page2
        let run = mediator.mediate(first, delivery: .immediate) { _ in }
        harness.clock.advance(by: .milliseconds(1200))
        #expect(run.trace.entries.map(\.line) == [0, 1, 2], "line 3 waits for the hedge delay on the new page")
        #expect(run.trace.entries.last?.start == .milliseconds(1200))
        harness.clock.advance(by: .milliseconds(200))
        #expect(run.trace.entries.map(\.start).last == .milliseconds(1400))
        run.cancel()
    }

    @Test func invalidHedgingIsRefusedWithAClearError() {
        #expect(
            throws: MediationError.invalidConfiguration(
                path: "strategy.maxInFlight", reason: "expected a limit in 1...20, got 0")
        ) {
            try MediationStrategy.hedged(after: .milliseconds(100), maxInFlight: 0)
        }
        #expect(throws: MediationError.self) { try MediationStrategy.hedged(after: .milliseconds(-1), maxInFlight: 2) }
        #expect(MediationStrategy.sequential.description == "sequential")
        #expect(MediationStrategy.default == .recommendedAdaptive)
        #expect(MediationStrategy.recommendedHedged.description == "hedged(after: 500ms, maxInFlight: 2)")
    }
}
