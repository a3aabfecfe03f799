import Foundation
import Testing

@testable import MediationCore

/// A finished run's handle keeps its trace packed: the trace it reads is the one the run's recorder gives, whatever
/// the values, and a line's names are stored once.
@Suite struct PackedWaterfallTraceTests {
    private func line(_ customEvent: String, network: String? = nil, price: Double? = nil) -> WaterfallLine {
        WaterfallLine(customEventIdentifier: customEvent, networkName: network, price: price)
    }

    /// The trace `recorder` gives over `lines`, and the trace its packed form gives once it has let go of them.
    private func traces(
        _ recorder: WaterfallTraceRecorder, lines: [WaterfallLine]
    ) -> (expected: MediationTrace, unpacked: MediationTrace, packed: PackedWaterfallTrace) {
        let expected = recorder.trace(lines: lines)
        var compacted = recorder
        compacted.compact(keepingNamesOf: lines)
        let packed = PackedWaterfallTrace(compacted)
        return (expected, packed.trace, packed)
    }

    @Test func aRunWithoutEntriesComesBackAsItWas() {
        var recorder = WaterfallTraceRecorder(droppedEntries: [])
        let (expected, unpacked, _) = traces(recorder, lines: [])
        #expect(unpacked == expected)
        recorder.recordOutcome("cancelled")
        recorder.note("ad unit 7 is rate limited")
        let (expectedAgain, unpackedAgain, _) = traces(recorder, lines: [])
        #expect(unpackedAgain == expectedAgain)
        #expect(unpackedAgain.notes == ["ad unit 7 is rate limited"])
    }

    @Test func everyFieldComesBackAsItWas() {
        let lines = [
            line("com.example.AlphaCustomEvent", network: "Alpha", price: 2),
            line("com.example.AlphaCustomEvent", price: -0.5),
            line("", network: "", price: 1e300),
            line("réseau — 広告 🎯", network: "δ", price: 0x1p53),
            line("B", network: "B", price: .infinity),
            line("C", price: nil),
        ]
        let dropped = DroppedAdResponseEntry(index: 3, path: "ad-responses[3].metadata", reason: "no x-adtype", page: 1)
        var recorder = WaterfallTraceRecorder(droppedEntries: [dropped])
        recorder.start(at: MediationInstant(sinceOrigin: .seconds(5)))
        for (index, result) in MediationLineResult.allCases.enumerated() {
            recorder.addEntry(
                line: index % lines.count, page: index % 3, start: .milliseconds(index * 7),
                duration: index.isMultiple(of: 2) ? nil : .nanoseconds(Int64(index) * 1_000_003), result: result,
                errorCode: MediationError.timeout.code, detail: index.isMultiple(of: 3) ? "detail \(index)" : nil)
        }
        recorder.addEntry(
            line: 5, page: Int(Int16.max), start: .seconds(1_000_000), duration: .nanoseconds(Int64.max - 1),
            result: .error, errorCode: "a code that no MediationError has", detail: String(repeating: "x", count: 300))
        recorder.addEntry(line: 4, page: 0, start: .zero, duration: .zero, result: .loaded)
        recorder.setReleased(wonBy: 3, ofEntry: 2)
        recorder.recordWinner(4, entry: recorder.entries.count - 1)
        recorder.recordOutcome("loaded")
        recorder.note("following x-next-url https://example.com/next at 12ms")
        recorder.addDroppedEntries([dropped], page: 2)
        let (expected, unpacked, _) = traces(recorder, lines: lines)
        #expect(unpacked == expected)
        #expect(unpacked.entries[2].detail == "released: line 3 won")
        #expect(unpacked.entries.last?.errorCode == nil)
        #expect(unpacked.entries.dropLast().last?.errorCode == "a code that no MediationError has")
        #expect(unpacked.winner == 4)
    }

    @Test func negativeZeroAndNotANumberKeepTheirBits() {
        let lines = [line("A", price: -0.0), line("A", price: .nan), line("A", price: -.nan)]
        var recorder = WaterfallTraceRecorder(droppedEntries: [])
        for index in lines.indices {
            recorder.addEntry(line: index, page: 0, start: .zero, duration: nil, result: .loading)
        }
        let (expected, unpacked, _) = traces(recorder, lines: lines)
        #expect(unpacked.entries.map { $0.price?.bitPattern } == expected.entries.map { $0.price?.bitPattern })
    }

    @Test func aLinesNamesAreStoredOnce() {
        let customEvent = String(repeating: "com.example.mediation.LongCustomEventName.", count: 2)
        let lines = (0..<10).map { line(customEvent, network: "network \($0)", price: Double($0)) }
        var recorder = WaterfallTraceRecorder(droppedEntries: [])
        for index in lines.indices {
            recorder.addEntry(line: index, page: 0, start: .zero, duration: .milliseconds(5), result: .noFill)
            recorder.addEntry(line: index, page: 0, start: .seconds(1), duration: nil, result: .lateCallback)
        }
        let (expected, unpacked, packed) = traces(recorder, lines: lines)
        #expect(unpacked == expected)
        // The custom event's 84 bytes once (not twice), each line's network (9 bytes), flags and price once (12
        // bytes a line), and at most 10 bytes per entry.
        #expect(packed.packedByteCount < 2 * customEvent.utf8.count + 10 * 12 + 20 * 10)
    }

    /// A network name reads back as the bytes it was written with, even when it is its custom event's text in another
    /// Unicode form (equal to Swift, so not stored as "the same as the custom event").
    @Test func aNameReadsBackAsItsOwnBytes() {
        let composed = "caf\u{E9}"
        let decomposed = "cafe\u{301}"
        #expect(composed == decomposed, "the same text to Swift")
        let lines = [line(composed, network: decomposed), line(composed, network: composed), line(composed)]
        var recorder = WaterfallTraceRecorder(droppedEntries: [])
        for index in lines.indices {
            recorder.addEntry(line: index, page: 0, start: .zero, duration: .milliseconds(1), result: .noFill)
        }
        let (expected, unpacked, _) = traces(recorder, lines: lines)
        #expect(unpacked == expected)
        #expect(unpacked.entries.map { Array($0.network.utf8) } == lines.map { Array($0.displayNetworkName.utf8) })
    }

    @Test func aTraceTooLongForStackScratchComesBackAsItWas() {
        let lines = (0..<200).map { line("custom event \($0)", network: "network \($0)", price: 0.01 * Double($0)) }
        var recorder = WaterfallTraceRecorder(droppedEntries: [])
        for index in lines.indices {
            recorder.addEntry(
                line: index, page: 0, start: .milliseconds(index), duration: .milliseconds(3), result: .timeout,
                errorCode: MediationError.timeout.code, detail: "detail \(index)")
        }
        let (expected, unpacked, packed) = traces(recorder, lines: lines)
        #expect(packed.packedByteCount > PackedWaterfallTrace.stackScratchLimit)
        #expect(unpacked == expected)
    }

    @Test func randomTracesComeBackAsTheyWere() {
        var generator = SeededGenerator(seed: 27)
        let names = ["A", "Beta", "", "com.example.GammaCustomEvent", "δ"]
        let codes: [String?] = [nil, MediationError.noFill.code, MediationError.timeout.code, "custom"]
        for _ in 0..<300 {
            let lines = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
                line(
                    names.randomElement(using: &generator)!,
                    network: Bool.random(using: &generator) ? nil : names.randomElement(using: &generator),
                    price: Bool.random(using: &generator)
                        ? nil : Double(Int.random(in: -5...50, using: &generator)) / 4)
            }
            var recorder = WaterfallTraceRecorder(droppedEntries: [])
            for _ in 0..<(lines.isEmpty ? 0 : Int.random(in: 0...20, using: &generator)) {
                let entry = recorder.addEntry(
                    line: Int.random(in: lines.indices, using: &generator),
                    page: Int.random(in: 0...3, using: &generator),
                    start: .nanoseconds(Int64.random(in: 0...20_000_000_000, using: &generator)),
                    duration: Bool.random(using: &generator)
                        ? nil : .microseconds(Int64.random(in: 0...10_000_000, using: &generator)),
                    result: MediationLineResult.allCases.randomElement(using: &generator)!,
                    errorCode: codes.randomElement(using: &generator)!,
                    detail: Bool.random(using: &generator) ? nil : names.randomElement(using: &generator))
                if Int.random(in: 0..<4, using: &generator) == 0 {
                    recorder.setReleased(wonBy: Int.random(in: lines.indices, using: &generator), ofEntry: entry)
                }
            }
            if let last = recorder.entries.indices.last, Bool.random(using: &generator) {
                recorder.recordWinner(Int(recorder.entries[last].line), entry: last)
            }
            recorder.recordOutcome(codes.randomElement(using: &generator)! ?? "loaded")
            let (expected, unpacked, _) = traces(recorder, lines: lines)
            #expect(unpacked == expected)
        }
    }
}
