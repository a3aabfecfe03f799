import Dispatch
import Foundation
import MediationCore
import MediationSupport
import MediationTesting
import Testing

/// Custom events that call back synchronously, twice, late, never, or from other threads.
@Suite struct MediatorCallbackTests {
    @Test func aCallbackFromInsideRequestAdIsDeliveredWithoutDeadlock() throws {
        let harness = WaterfallHarness()
        let mediator = try harness.mediator(["A": Fixture.noFill(), "B": Fixture.fill("B")])
        let recorder = RunRecorder(harness.clock)
        mediator.mediate(Fixture.response(["A", "B"]), delivery: .immediate, completion: recorder.completion)
        #expect(Fixture.title(recorder.single) == "B", "delivered before mediate returned, with no clock advance")
        #expect(harness.clock.pendingCount == 0, "both timeouts were cancelled")
    }

    @Test func aLongChainOfSynchronousFailuresDoesNotRecurse() throws {
        let harness = WaterfallHarness()
        let mediator = try harness.mediator(["A": Fixture.noFill(), "B": Fixture.fill("B")])
        let recorder = RunRecorder(harness.clock)
        let lines = Array(repeating: "A", count: 2000) + ["B"]
        mediator.mediate(Fixture.response(lines), delivery: .immediate, completion: recorder.completion)
        #expect(recorder.single?.trace.winner == 2000)
    }

    @Test func aSecondOutcomeIsRecordedAsDuplicateAndNeverReachesTheHost() throws {
        let harness = WaterfallHarness()
        let mediator = try harness.mediator([
            "A": CustomEventScript(.fail(.noFill), latency: .milliseconds(10), repeatCount: 2),
            "B": CustomEventScript(.fill(Fixture.properties("B")), latency: .milliseconds(10), repeatCount: 3),
        ])
        let recorder = RunRecorder(harness.clock)
        let run = mediator.mediate(Fixture.response(["A", "B"]), delivery: .immediate, completion: recorder.completion)
        harness.clock.runUntilIdle()
        #expect(recorder.results.count == 1)
        #expect(Fixture.title(recorder.single) == "B")
        #expect(harness.events("B").count == 1, "A's second failure did not advance the waterfall again")
        // A's second failure arrives after B has started, so its row follows B's.
        #expect(run.trace.results == [.noFill, .loaded, .duplicateCallback, .duplicateCallback, .duplicateCallback])
        #expect(run.trace.entries.map(\.line) == [0, 1, 0, 1, 1])
        #expect(harness.logger.entries.filter { $0.level == .warning && $0.message.contains("duplicate") }.count == 3)
        // The outcome's description is built only for a callback that is dropped.
        #expect(run.trace.entries[2].detail == "second outcome (failed (no_fill)) dropped")
        #expect(run.trace.entries[3].detail == "second outcome (loaded) dropped")
    }

    @Test func anOutcomeAfterTheTimeoutIsLateAndItsAdIsReleased() throws {
        let harness = WaterfallHarness()
        let late = ManualCustomEvent(identifier: "A")
        let mediator = try harness.mediator(manual: [late], scripts: ["B": Fixture.fill("B", after: 5000)])
        let recorder = RunRecorder(harness.clock)
        let response = AdResponse(lines: [
            try Fixture.line("A", timeoutMilliseconds: 1000, after: ["https://t.example/after-A"]),
            WaterfallLine(customEventIdentifier: "B"),
        ])
        let run = mediator.mediate(response, delivery: .immediate, completion: recorder.completion)
        harness.clock.advance(by: .seconds(3))
        late.load("late A")
        #expect(late.liveAdCount == 0, "the late ad was released, not retained")
        #expect(recorder.results.isEmpty)
        harness.clock.runUntilIdle()
        #expect(Fixture.title(recorder.single) == "B")
        #expect(recorder.deliveredAt == .seconds(6))
        #expect(recorder.single?.trace.results == [.timeout, .loaded, .lateCallback])
        #expect(run.trace.results == [.timeout, .loaded, .lateCallback])
        #expect(run.trace.entries.last?.start == .seconds(3))
        #expect(harness.pinger.count(of: URL(string: "https://t.example/after-A") ?? Fixture.url("x")) == 1)
        #expect(late.stopCount == 1)
    }

    @Test func anOutcomeAfterTheRunEndedIsLate() throws {
        let harness = WaterfallHarness()
        let slow = ManualCustomEvent(identifier: "A")
        let mediator = try harness.mediator(manual: [slow])
        let recorder = RunRecorder(harness.clock)
        let run = mediator.mediate(Fixture.response(["A"]), delivery: .immediate, completion: recorder.completion)
        run.cancel()
        slow.load("A")
        slow.fail(.noFill)
        #expect(recorder.results.map(\.error) == [.cancelled])
        #expect(run.trace.results == [.cancelled, .lateCallback, .duplicateCallback])
        #expect(slow.liveAdCount == 0)
    }

    @Test func aCustomEventThatNeverAnswersTimesOutAndTheNextLineRuns() throws {
        let harness = WaterfallHarness()
        let mediator = try harness.mediator(["A": .never, "B": Fixture.fill("B")])
        let recorder = RunRecorder(harness.clock)
        mediator.mediate(Fixture.response(["A", "B"]), delivery: .immediate, completion: recorder.completion)
        #expect(harness.clock.runUntilIdle() == 1)
        #expect(Fixture.title(recorder.single) == "B")
        #expect(recorder.deliveredAt == WaterfallLine.defaultTimeout)
    }

    @Test(.timeLimit(.minutes(1))) func callbacksFromBackgroundThreadsAreHandled() async throws {
        let harness = WaterfallHarness()
        let mediator = try harness.mediator([
            "A": CustomEventScript(.fail(.noFill), latency: .milliseconds(100), delivery: .backgroundThread),
            "B": CustomEventScript(
                .fill(Fixture.properties("B")), latency: .milliseconds(100), repeatCount: 2,
                delivery: .backgroundThread),
        ])
        let delivered = Locked<[MediationRunResult]>([])
        let run = mediator.mediate(Fixture.response(["A", "B"]), delivery: .immediate) { result in
            delivered.withLock { $0.append(result) }
        }
        harness.clock.advance(by: .milliseconds(100))
        // The run's one timer (for B's timeout and the run deadline) and B's scripted answer are pending once A's
        // failure has been handled.
        while harness.clock.pendingCount < 2 { await Task.yield() }
        harness.clock.advance(by: .milliseconds(100))
        while delivered.current.isEmpty || run.trace.entries.count < 3 { await Task.yield() }
        #expect(delivered.current.count == 1)
        #expect(Fixture.title(delivered.current.first) == "B")
        #expect(run.trace.results == [.noFill, .loaded, .duplicateCallback])
    }

    @Test func racingCallbacksAndCancelsDeliverExactlyOnce() throws {
        let harness = WaterfallHarness()
        let racer = ManualCustomEvent(identifier: "R")
        let mediator = try harness.mediator(manual: [racer])
        let delivered = Locked<[MediationRunResult]>([])
        let run = mediator.mediate(Fixture.response(["R"]), delivery: .immediate) { result in
            delivered.withLock { $0.append(result) }
        }
        DispatchQueue.concurrentPerform(iterations: 64) { index in
            switch index % 3 {
            case 0: racer.load("R\(index)")
            case 1: racer.fail(.noFill)
            default: run.cancel()
            }
        }
        #expect(delivered.current.count == 1)
        // 43 outcomes and 21 cancels: every outcome but an accepted first one adds a dropped-callback row.
        #expect(run.trace.entries.count == (delivered.current.first?.error == .cancelled ? 44 : 43))
        #expect(
            run.trace.entries.dropFirst().allSatisfy { $0.result == .duplicateCallback || $0.result == .lateCallback })
        #expect(racer.liveAdCount == (delivered.current.first?.ad == nil ? 0 : 1))
    }
}
