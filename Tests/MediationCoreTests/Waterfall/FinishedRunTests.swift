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
