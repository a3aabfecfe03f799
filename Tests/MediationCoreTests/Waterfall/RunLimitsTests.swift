import Foundation
import MediationTesting
import Testing

@testable import MediationBridge
@testable import MediationCore

/// Every run ends (deadline, page cap) and back-off is scoped, capped and pruned.
@Suite struct RunLimitsTests {
    @Test func aLineWithoutTimeoutThatNeverAnswersEndsAtTheRunDeadline() throws {
        let harness = WaterfallHarness()
        let mediator = try harness.mediator(["A": .never])
        let recorder = RunRecorder(harness.clock)
        mediator.mediate(
            AdResponse(lines: [
                try Fixture.line(
                    "A", timeoutMilliseconds: nil, after: ["https://track.example/after?r=%%LOAD_RESULT%%"])
            ]),
            delivery: .immediate, completion: recorder.completion)
        harness.clock.advance(by: .seconds(29))
        #expect(recorder.results.isEmpty)
        harness.clock.advance(by: .seconds(1))
        let result = try #require(recorder.single)
        #expect(result.error == .timeout)
        #expect(recorder.deliveredAt == .seconds(30))
        #expect(result.trace.notes.contains("run deadline of 30000ms reached"))
        #expect(result.trace.entries.first?.result == .timeout)
        #expect(harness.pinger.pinged.map(\.absoluteString) == ["https://track.example/after?r=timeout"])
        #expect(harness.event("A")?.stopCount == 1)
        harness.clock.advance(by: .seconds(30 * 24 * 3600))
        #expect(recorder.results.count == 1)
    }

    @Test func atTheDeadlineTheBestHeldAdWins() throws {
        let harness = WaterfallHarness()
        let mediator = try harness.mediator(
            ["A": .never, "B": Fixture.fill("B", after: 100), "C": Fixture.fill("C")],
            strategy: try MediationStrategy.hedged(after: .zero, maxInFlight: 2),
            limits: MediationRunLimits(runDeadline: .seconds(2)))
        let recorder = RunRecorder(harness.clock)
        mediator.mediate(
            AdResponse(lines: try ["A", "B", "C"].map { try Fixture.line($0, timeoutMilliseconds: nil) }),
            delivery: .immediate, completion: recorder.completion)
        harness.clock.advance(by: .seconds(2))
        let result = try #require(recorder.single)
        #expect(Fixture.title(result) == "B")
        #expect(result.trace.entries(forLine: 2).first?.result == .skipped)
        #expect(recorder.deliveredAt == .seconds(2))
    }

    @Test func aRunThatEndsInTimeLeavesNoDeadlineBehind() throws {
        let harness = WaterfallHarness()
        let mediator = try harness.mediator(["A": Fixture.fill("A", after: 5)])
        let recorder = RunRecorder(harness.clock)
        mediator.mediate(Fixture.response(["A"]), delivery: .immediate, completion: recorder.completion)
        harness.clock.advance(by: .seconds(60))
        #expect(recorder.results.count == 1)
        #expect(harness.clock.pendingCount == 0)
    }

    @Test func anEndlessChainOfPagesStopsAtThePageLimit() throws {
        let harness = WaterfallHarness()
        let source = InMemoryAdResponseSource()
        let pages = (0..<20).map { Fixture.url("page/\($0)") }
        for (index, url) in pages.enumerated() where index + 1 < pages.count {
            source.serve(
                AdResponse(lines: [WaterfallLine(customEventIdentifier: "A")], nextURL: pages[index + 1]), at: url)
        }
        let mediator = try harness.mediator(["A": Fixture.noFill()], responseSource: source)
        let recorder = RunRecorder(harness.clock)
        mediator.mediate(
            AdResponse(lines: [WaterfallLine(customEventIdentifier: "A")], nextURL: pages[0]),
            delivery: .immediate, completion: recorder.completion)
        let result = try #require(recorder.single)
        #expect(result.error == .noFill)
        #expect(result.trace.entries.count == 5, "one line per page, 5 pages")
        #expect(result.trace.notes.contains { $0.contains("not followed: the run already loaded 5 pages") })
    }

    @Test func aNextPageCannotBackOffAnotherAdUnit() throws {
        let harness = WaterfallHarness()
        let source = InMemoryAdResponseSource()
        let page2 = Fixture.url("page/2")
        source.serve(
            AdResponse(
                lines: [WaterfallLine(customEventIdentifier: "A")], adUnitID: "victim",
                backoff: .milliseconds(Int64(Int32.max))),
            at: page2)
        let mediator = try harness.mediator(["A": Fixture.noFill()], responseSource: source)
        var first = Fixture.response(["A"], adUnitID: "feed")
        first.nextURL = page2
        mediator.mediate(first, delivery: .immediate) { _ in }
        #expect(mediator.rateLimit(forAdUnit: "victim") == nil)
        #expect(mediator.rateLimit(forAdUnit: "feed") == MediationInstant(sinceOrigin: .seconds(3600)))
    }

    @Test func backoffIsCappedAndExpiredWindowsArePruned() throws {
        let harness = WaterfallHarness()
        let mediator = try harness.mediator(
            ["A": Fixture.fill("A")], limits: MediationRunLimits(maximumBackoff: .seconds(10)))
        for unit in 0..<100 {
            mediator.mediate(
                AdResponse(lines: [], adUnitID: "unit-\(unit)", backoff: .seconds(1_000_000))
            ) { _ in }
        }
        #expect(mediator.rateLimit(forAdUnit: "unit-0") == MediationInstant(sinceOrigin: .seconds(10)))
        #expect(mediator.storedRateLimitCount == 100)
        harness.clock.advance(by: .seconds(11))
        mediator.mediate(AdResponse(lines: [], adUnitID: "fresh", backoff: .seconds(1))) { _ in }
        #expect(mediator.storedRateLimitCount == 1)
    }
}
