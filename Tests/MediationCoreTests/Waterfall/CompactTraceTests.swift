import Foundation
import MediationTesting
import Testing

@testable import MediationBridge
@testable import MediationCore

/// The trace recorder keeps its entries compact (no names; the line and page as small numbers; no duration as a
/// sentinel) and makes ``MediationTraceEntry`` values when the trace is read, naming each entry's line as the run's
/// lines do, or as the names it kept once the run let go of its lines.
@Suite struct CompactTraceTests {
    private let lines = [
        WaterfallLine(customEventIdentifier: "A", networkName: "Alpha", price: 3.5),
        WaterfallLine(customEventIdentifier: "B"),
        WaterfallLine(customEventIdentifier: "C", networkName: "Gamma", price: 1),
    ]

    @Test func entriesReadBackAsTheyWereWrittenWithTheirLinesNames() {
        var recorder = WaterfallTraceRecorder(droppedEntries: [])
        let first = recorder.addEntry(
            line: 0, page: 0, start: .milliseconds(5), duration: nil, result: .loading, expectedCount: 3)
        recorder.addEntry(
            line: 1, page: 0, start: .milliseconds(6), duration: .zero, result: .missingAdapter,
            errorCode: "missing_adapter", detail: "no adapter", expectedCount: 3)
        recorder.addEntry(line: 2, page: 1, start: .milliseconds(7), duration: nil, result: .skipped, detail: "why")
        recorder.updateEntry(
            first, duration: .microseconds(1_500), result: .error, errorCode: "network_error", detail: "boom")
        recorder.setDetail("released: line 2 won", ofEntry: first)
        recorder.recordWinner(0, entry: first)
        recorder.recordOutcome("loaded")
        recorder.note("a note")
        let expected = MediationTrace(
            entries: [
                MediationTraceEntry(
                    line: 0, customEvent: "A", network: "Alpha", price: 3.5, start: .milliseconds(5),
                    duration: .microseconds(1_500), result: .error, errorCode: "network_error",
                    detail: "released: line 2 won", isWinner: true),
                MediationTraceEntry(
                    line: 1, customEvent: "B", network: "B", start: .milliseconds(6), duration: .zero,
                    result: .missingAdapter, errorCode: "missing_adapter", detail: "no adapter"),
                MediationTraceEntry(
                    line: 2, page: 1, customEvent: "C", network: "Gamma", price: 1, start: .milliseconds(7),
                    duration: nil, result: .skipped, detail: "why"),
            ], winner: 0, outcome: "loaded", notes: ["a note"])
        #expect(recorder.trace(lines: lines) == expected)
        recorder.compact(keepingNamesOf: lines)
        #expect(recorder.trace(lines: []) == expected, "the kept names name the entries once the lines are gone")
    }

    @Test func anEntryAddedAfterTheLinesAreGoneIsNamedByTheNamesKept() {
        var recorder = WaterfallTraceRecorder(droppedEntries: [])
        recorder.addEntry(line: 2, page: 0, start: .zero, duration: nil, result: .loading, expectedCount: 3)
        recorder.compact(keepingNamesOf: lines)
        recorder.addEntry(
            line: 2, page: 0, start: .seconds(2), duration: nil, result: .lateCallback, detail: "loaded late")
        let trace = recorder.trace(lines: [])
        #expect(trace.entries.map(\.network) == ["Gamma", "Gamma"])
        #expect(trace.entries.map(\.price) == [1, 1])
        #expect(trace.entries.last?.duration == nil)
        // A line with no entry keeps no name (it can have no late callback: it never had a reporter).
        recorder.addEntry(line: 0, page: 0, start: .zero, duration: nil, result: .lateCallback)
        #expect(recorder.trace(lines: []).entries.last?.customEvent == "")
    }

    @Test func anEntryKeepsEveryErrorCode() {
        var recorder = WaterfallTraceRecorder(droppedEntries: [])
        let codes = WaterfallTraceRecorder.knownErrorCodes + ["a_code_added_later", "another_one"]
        for (index, code) in codes.enumerated() {
            recorder.addEntry(
                line: index, page: 0, start: .zero, duration: .zero, result: .error, errorCode: code)
        }
        recorder.updateEntry(0, duration: .zero, result: .error, errorCode: "changed_later", detail: nil)
        recorder.updateEntry(1, duration: .zero, result: .loaded, errorCode: nil, detail: nil)
        let read = recorder.trace(lines: []).entries.map(\.errorCode)
        #expect(read == ["changed_later", nil] + codes.dropFirst(2).map { $0 })
        #expect(Set(WaterfallTraceRecorder.knownErrorCodes).count == WaterfallTraceRecorder.knownErrorCodes.count)
        #expect(WaterfallTraceRecorder.knownErrorCodes.count < Int(WaterfallTraceRecorder.Entry.otherErrorCode))
    }

    @Test func aReleasedHeldAdReadsWhichLineWonAndALaterDetailReplacesIt() {
        var recorder = WaterfallTraceRecorder(droppedEntries: [])
        let held = recorder.addEntry(line: 3, page: 0, start: .zero, duration: .zero, result: .loaded)
        recorder.setReleased(wonBy: 12, ofEntry: held)
        #expect(recorder.storedDetail(of: recorder.entries[held]) == nil, "no text is made when the ad is released")
        #expect(recorder.trace(lines: []).entries[held].detail == "released: line 12 won")
        recorder.setDetail("released: run cancelled", ofEntry: held)
        #expect(recorder.trace(lines: []).entries[held].detail == "released: run cancelled")
        recorder.setReleased(wonBy: 0, ofEntry: held)
        recorder.updateEntry(held, duration: .zero, result: .loaded, errorCode: nil, detail: nil)
        #expect(recorder.trace(lines: []).entries[held].detail == nil, "updating the entry replaces the detail")
    }

    @Test func onlyEntriesWithADetailHoldOneAndAChangedDetailKeepsItsPlace() {
        var recorder = WaterfallTraceRecorder(droppedEntries: [])
        let loading = recorder.addEntry(line: 0, page: 0, start: .zero, duration: nil, result: .loading)
        let failed = recorder.addEntry(
            line: 1, page: 0, start: .zero, duration: .zero, result: .error, errorCode: "network_error",
            detail: "boom")
        #expect(recorder.details == ["boom"], "an entry without a detail holds no text")
        recorder.updateEntry(failed, duration: .zero, result: .error, errorCode: "network_error", detail: "boom 2")
        #expect(recorder.details == ["boom 2"], "a changed detail takes its entry's place")
        recorder.updateEntry(loading, duration: .zero, result: .loaded, errorCode: nil, detail: nil)
        recorder.setDetail("released: run cancelled", ofEntry: loading)
        #expect(recorder.details == ["boom 2", "released: run cancelled"])
        recorder.setReleased(wonBy: 3, ofEntry: failed)
        #expect(recorder.details == ["", "released: run cancelled"], "a detail taken away lets go of its text")
        recorder.setReleased(wonBy: 4, ofEntry: loading)
        #expect(recorder.details == [""], "the last place goes")
        let traced = recorder.trace(lines: []).entries.map(\.detail)
        #expect(traced == ["released: line 4 won", "released: line 3 won"])
        recorder.setDetail("again", ofEntry: failed)
        #expect(recorder.trace(lines: []).entries.map(\.detail) == ["released: line 4 won", "again"])
    }

    @Test func detailsPastTheLimitAreDroppedAndTheRestAreKept() {
        var recorder = WaterfallTraceRecorder(droppedEntries: [])
        let limit = WaterfallTraceRecorder.detailLimit
        for index in 0...limit {
            recorder.addEntry(
                line: 0, page: 0, start: .zero, duration: nil, result: .duplicateCallback, detail: "d\(index)")
        }
        #expect(recorder.details.count == limit)
        let entries = recorder.trace(lines: []).entries
        #expect(entries[limit - 1].detail == "d\(limit - 1)")
        #expect(entries[limit].detail == nil, "the entry past the limit keeps no detail")
        recorder.updateEntry(0, duration: .zero, result: .error, errorCode: nil, detail: "changed")
        #expect(recorder.trace(lines: []).entries[0].detail == "changed", "an entry with a place can still change it")
    }

    @Test func timesAreKeptToTheNanosecondAndTheLongestAreKept() {
        var recorder = WaterfallTraceRecorder(droppedEntries: [])
        recorder.addEntry(
            line: 0, page: 0, start: .nanoseconds(1_234_567_891), duration: .seconds(86_400 * 365), result: .loaded)
        recorder.addEntry(line: 1, page: 70_000, start: .seconds(1) / 3, duration: nil, result: .skipped)
        let entries = recorder.trace(lines: []).entries
        #expect(entries[0].start == .nanoseconds(1_234_567_891))
        #expect(entries[0].duration == .seconds(86_400 * 365))
        #expect(entries[1].start == .nanoseconds(333_333_334), "a time between nanoseconds is kept as the later one")
        #expect(entries[1].page == Int(Int16.max), "a page number beyond 16 bits is kept as the largest")
    }

    @Test func roomIsReservedForFourEntriesThenForTheRunsLines() {
        var recorder = WaterfallTraceRecorder(droppedEntries: [])
        recorder.addEntry(line: 0, page: 0, start: .zero, duration: nil, result: .loading, expectedCount: 10)
        #expect(recorder.entries.capacity >= 4)
        #expect(recorder.entries.capacity < 10)
        for line in 1..<10 {
            recorder.addEntry(line: line, page: 0, start: .zero, duration: nil, result: .loading, expectedCount: 10)
        }
        #expect(recorder.entries.capacity == 10, "a run whose lines each have one entry ends with no spare room")
    }

    @Test func aFinishedRunsTraceResultAndLateCallbackNamingSurviveItsLinesBeingDropped() throws {
        let harness = WaterfallHarness()
        let slow = ManualCustomEvent(identifier: "A")
        let mediator = try harness.mediator(
            manual: [slow], scripts: ["B": Fixture.noFill(), "C": Fixture.fill("C", after: 10)])
        let recorder = RunRecorder(harness.clock)
        let response = AdResponse(lines: [
            WaterfallLine(customEventIdentifier: "A", timeout: .seconds(1), networkName: "Alpha", price: 3),
            WaterfallLine(customEventIdentifier: "B", networkName: "Beta", price: 2),
            WaterfallLine(customEventIdentifier: "C", networkName: "Gamma", price: 1),
        ])
        let run = mediator.mediate(response, delivery: .immediate, completion: recorder.completion)
        harness.clock.runUntilIdle()
        let delivered = try #require(recorder.single?.trace)
        #expect(run.trace == delivered, "the handle's trace is the delivered one")
        #expect(delivered.entries.map(\.network) == ["Alpha", "Beta", "Gamma"])
        #expect(delivered.entries.map(\.price) == [3, 2, 1])
        #expect(delivered.results == [.timeout, .noFill, .loaded])
        #expect(delivered.winningEntry?.line == 2)
        slow.fail(.noFill)
        #expect(run.trace.entries.count == 4)
        #expect(Array(run.trace.entries.prefix(3)) == delivered.entries)
        let late = try #require(run.trace.entries.last)
        #expect(late.result == .lateCallback)
        #expect(late.customEvent == "A")
        #expect(late.network == "Alpha")
        #expect(late.price == 3)
        #expect(late.duration == nil)
        #expect(
            try #require(recorder.single).trace == delivered,
            "the delivered result's trace, made when read, is the run's at its outcome, however late it is read")
    }
}
