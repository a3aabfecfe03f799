import Foundation
import MediationTesting
import Testing

@testable import MediationBridge
@testable import MediationCore

/// A run that has delivered its outcome lets go of its waterfall and keeps its trace and each line's small record:
/// late and duplicate callbacks are still recorded as before.
@Suite struct FinishedRunTests {
    @Test func aLateCallbackAfterTheOutcomeIsNamedAsItsLineWas() throws {
        let harness = WaterfallHarness()
        let slow = ManualCustomEvent(identifier: "A")
        let mediator = try harness.mediator(manual: [slow], scripts: ["B": Fixture.fill("B")])
        let recorder = RunRecorder(harness.clock)
        let response = AdResponse(lines: [
            WaterfallLine(customEventIdentifier: "A", timeout: .seconds(1), networkName: "Alpha", price: 3.5),
            WaterfallLine(customEventIdentifier: "B", networkName: "Beta", price: 2),
        ])
        let run = mediator.mediate(response, delivery: .immediate, completion: recorder.completion)
        harness.clock.runUntilIdle()
        #expect(Fixture.title(recorder.single) == "B")
        #expect(run.isFinished)
        harness.clock.advance(by: .seconds(2))
        slow.load("late A")
        slow.fail(.noFill)
        #expect(recorder.results.count == 1, "neither callback reached the host")
        #expect(slow.liveAdCount == 0, "the late ad was released")
        #expect(run.trace.results == [.timeout, .loaded, .lateCallback, .duplicateCallback])
        let late = try #require(run.trace.entries.dropFirst(2).first)
        #expect(late.line == 0)
        #expect(late.customEvent == "A")
        #expect(late.network == "Alpha")
        #expect(late.price == 3.5)
        #expect(late.page == 0)
        #expect(late.detail == "loaded after the line timed out")
        #expect(run.trace.entries.last?.network == "Alpha")
        #expect(run.trace.winner == 1)
    }

    @Test func aKeptHandleHoldsTheTraceAndNotTheRun() throws {
        let harness = WaterfallHarness()
        var network: ManualCustomEvent? = ManualCustomEvent(identifier: "A")
        let mediator = try harness.mediator(manual: [try #require(network)], scripts: ["B": Fixture.noFill()])
        let recorder = RunRecorder(harness.clock)
        let response = AdResponse(lines: [
            WaterfallLine(customEventIdentifier: "B", networkName: "Beta", price: 4),
            WaterfallLine(customEventIdentifier: "A", networkName: "Alpha", price: 3.5),
        ])
        let run = mediator.mediate(response, delivery: .immediate, completion: recorder.completion)
        harness.clock.advance(by: .milliseconds(10))
        // The custom event reports through its line's reporter, which holds the run's driver.
        weak let driver = try #require(network?.context?.delegate as? WaterfallLineReporter<NativeWaterfallKind>).run
        #expect(!run.isFinished)
        network?.load("A")
        #expect(Fixture.title(recorder.single) == "A")
        #expect(run.isFinished)
        #expect(run.trace == recorder.single?.trace, "the handle reads the trace the completion got")
        // The network lets go of its custom event, and with it of the context and the delegate: nothing else
        // holds the run, so its driver is gone while the handle is kept.
        network = nil
        #expect(driver == nil)
        #expect(run.isFinished)
        #expect(run.trace == recorder.single?.trace)
        #expect(run.trace.entries.map(\.network) == ["Beta", "Alpha"])
        run.cancel()
        #expect(recorder.results.count == 1)
    }

    @Test func aRunThatEndsBeforeMediateReturnsStillLeavesItsTraceInTheHandle() throws {
        let harness = WaterfallHarness()
        var registry = try harness.registry([:], renderable: ["A", "B"])
        try registry.registerCustomEvent("A") { AnswerAtOnceCustomEvent(identifier: "A", fills: false) }
        try registry.registerCustomEvent("B") { AnswerAtOnceCustomEvent(identifier: "B", fills: true) }
        let mediator = harness.mediator(registry: registry)
        let recorder = RunRecorder(harness.clock)
        let run = mediator.mediate(
            Fixture.response(["A", "B"]), delivery: .immediate, completion: recorder.completion)
        #expect(Fixture.title(recorder.single) == "B", "the outcome came inside mediate")
        #expect(run.isFinished)
        #expect(run.trace.results == [.noFill, .loaded])
        #expect(run.trace == recorder.single?.trace)
    }

    @Test func aFinishedMachineKeepsItsTraceAndDropsItsLines() {
        var run = WaterfallRunMachine<NativeAd>(
            response: AdResponse(lines: [WaterfallLine(customEventIdentifier: "A", networkName: "Alpha", price: 1)]),
            rules: WaterfallRunRules(
                strategy: .sequential, followsNextURL: false, pageTimeout: .seconds(10), limits: .default,
                recordsOutcomes: false, enabledLogLevels: [])
        )
        _ = run.handle(.start(at: MediationInstant(sinceOrigin: .zero)))
        run.compactAfterFinish()
        #expect(run.waterfallLines.count == 1, "a run in flight keeps its lines")
        _ = run.handle(.cancel(at: MediationInstant(sinceOrigin: .seconds(1))))
        let trace = run.trace
        run.compactAfterFinish()
        #expect(run.waterfallLines.isEmpty)
        #expect(run.trace == trace)
    }
}
