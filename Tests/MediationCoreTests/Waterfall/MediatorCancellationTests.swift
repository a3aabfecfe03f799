import Foundation
import MediationCore
import MediationTesting
import Testing

/// Cancelling a run, explicitly or through its task.
@Suite struct MediatorCancellationTests {
    @Test func anExplicitCancelDeliversCancelledOnceAndStopsTheLineInFlight() throws {
        let harness = WaterfallHarness()
        let mediator = try harness.mediator(["A": .never, "B": Fixture.fill("B")])
        let recorder = RunRecorder(harness.clock)
        let run = mediator.mediate(Fixture.response(["A", "B"]), delivery: .immediate, completion: recorder.completion)
        harness.clock.advance(by: .seconds(2))
        run.cancel()
        run.cancel()
        harness.clock.runUntilIdle()
        #expect(recorder.results.map(\.error) == [.cancelled])
        #expect(recorder.single?.trace.results == [.cancelled])
        #expect(recorder.single?.trace.entries.first?.duration == .seconds(2))
        #expect(recorder.single?.trace.outcome == "cancelled")
        #expect(harness.event("A")?.stopCount == 1)
        #expect(harness.events("B").isEmpty)
        #expect(harness.clock.pendingCount == 0, "the line's timeout was cancelled")
        #expect(run.isFinished)
    }

    @Test func cancellingAHedgedRunStopsEveryLineInFlight() throws {
        let harness = WaterfallHarness()
        let mediator = try harness.mediator(
            ["A": .never, "B": .never, "C": .never], strategy: try .hedged(after: .milliseconds(100), maxInFlight: 3))
        let recorder = RunRecorder(harness.clock)
        let run = mediator.mediate(
            Fixture.response(["A", "B", "C"]), delivery: .immediate, completion: recorder.completion)
        harness.clock.advance(by: .milliseconds(250))
        #expect(run.trace.results == [.loading, .loading, .loading])
        run.cancel()
        #expect(recorder.results.map(\.error) == [.cancelled])
        #expect(["A", "B", "C"].map { harness.event($0)?.stopCount } == [1, 1, 1])
        #expect(recorder.single?.trace.results == [.cancelled, .cancelled, .cancelled])
        #expect(harness.clock.pendingCount == 0)
    }

    @Test func cancellingAfterTheOutcomeDoesNothing() throws {
        let harness = WaterfallHarness()
        let mediator = try harness.mediator(["A": Fixture.fill("A")])
        let recorder = RunRecorder(harness.clock)
        let run = mediator.mediate(Fixture.response(["A"]), delivery: .immediate, completion: recorder.completion)
        run.cancel()
        #expect(recorder.results.count == 1)
        #expect(Fixture.title(recorder.single) == "A")
        #expect(harness.event("A")?.stopCount == 0)
    }

    @Test(.timeLimit(.minutes(1))) func cancellingTheTaskCancelsTheRun() async throws {
        let harness = WaterfallHarness()
        let mediator = try harness.mediator(["A": .never, "B": Fixture.fill("B")])
        let task = Task { try await mediator.loadNativeAd(from: Fixture.response(["A", "B"])) }
        while harness.events("A").first?.requests.isEmpty ?? true { await Task.yield() }
        task.cancel()
        let result = await task.result
        guard case .failure(let failure as MediationFailure) = result else {
            Issue.record("expected a MediationFailure, got \(result)")
            return
        }
        #expect(failure.error == .cancelled)
        #expect(failure.trace.results == [.cancelled])
        #expect(harness.event("A")?.stopCount == 1)
        #expect(harness.events("B").isEmpty)
    }

    @Test func anAlreadyCancelledTaskStartsNoLine() async throws {
        let harness = WaterfallHarness()
        let mediator = try harness.mediator(["A": Fixture.fill("A")])
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await mediator.mediate(Fixture.response(["A"]))
        }
        let result = await task.value
        #expect(result.error == .cancelled)
        #expect(harness.events("A").isEmpty)
    }
}
