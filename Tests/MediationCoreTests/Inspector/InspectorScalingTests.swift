import Foundation
import MediationSupport
import MediationTesting
import Testing

@testable import MediationCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The inspector is linear in a trace's entries (n log n for the hedge sweep): a 100,000-entry trace renders
/// in seconds even in a debug build, where the old per-entry scans of every attempt and every row took hours;
/// and hedges and dropped callbacks are attributed exactly as the plain definitions say.
@Suite struct InspectorScalingTests {
    /// One timeline row as the plain definitions give it.
    struct ReferenceRow: Equatable {
        var label: String
        var entry: MediationTraceEntry?
        var notRun: String?
        var isHedge: Bool
        var droppedCallbacks: [MediationTraceEntry]
    }

    /// The timeline's rows by the plain definitions, scanning every attempt and every row for each entry: an
    /// attempt is a hedge when it started after the run's start while another attempt that started strictly
    /// before it had not ended (still loading, or an end after its start); a dropped callback is drawn on the row
    /// of the last attempt of its line, else on a row of its own.
    static func referenceRows(_ trace: MediationTrace) -> [ReferenceRow] {
        let attempts = trace.entries.filter {
            $0.result != .lateCallback && $0.result != .duplicateCallback
        }
        var rows = attempts.map { entry in
            ReferenceRow(
                label: "\(entry.line)  \(entry.network)  \(entry.customEvent)", entry: entry, notRun: nil,
                isHedge: entry.start > .zero
                    && attempts.contains { other in
                        other.start < entry.start
                            && (other.duration.map { other.start + $0 > entry.start } ?? (other.result == .loading))
                    },
                droppedCallbacks: [])
        }
        for dropped in trace.entries where dropped.result == .lateCallback || dropped.result == .duplicateCallback {
            if let index = rows.lastIndex(where: { $0.entry?.line == dropped.line }) {
                rows[index].droppedCallbacks.append(dropped)
            } else {
                rows.append(
                    ReferenceRow(
                        label: "\(dropped.line)  \(dropped.network)", entry: nil, notRun: nil, isHedge: false,
                        droppedCallbacks: [dropped]))
            }
        }
        let ranLines = Set(attempts.map(\.line))
        for bid in trace.auction?.order ?? [] where bid.line.map({ !ranLines.contains($0) }) ?? true {
            rows.append(
                ReferenceRow(
                    label: (bid.line.map { "\($0)" } ?? bid.kind.rawValue) + "  \(bid.network)  \(bid.customEvent)",
                    entry: nil, notRun: "not run" + ((bid.detail ?? bid.lossReason?.name).map { ": \($0)" } ?? ""),
                    isHedge: false, droppedCallbacks: []))
        }
        return rows
    }

    /// A small random trace made to hit the edges: starts on a few milliseconds so that many are equal, at zero
    /// and below, attempts without a duration or with a negative one, lines attempted twice, dropped callbacks
    /// before, between and after their line's attempts and for lines that never ran, and bids that never ran.
    static func randomTrace(_ random: inout SeededGenerator) -> MediationTrace {
        let results: [MediationLineResult] = [
            .loaded, .noFill, .error, .timeout, .stopped, .cancelled, .skipped, .missingAdapter, .loading,
            .lateCallback, .duplicateCallback, .lateCallback,
        ]
        let count = Int.random(in: 0...40, using: &random)
        var entries: [MediationTraceEntry] = []
        for _ in 0..<count {
            let duration: Duration? =
                switch Int.random(in: 0..<6, using: &random) {
                case 0: nil
                case 1: .milliseconds(-Int64.random(in: 0...3, using: &random))
                default: .milliseconds(Int64.random(in: 0...6, using: &random))
                }
            entries.append(
                MediationTraceEntry(
                    line: Int.random(in: 0...8, using: &random), customEvent: "ce", network: "net",
                    start: .milliseconds(Int64.random(in: -1...12, using: &random)), duration: duration,
                    result: results.randomElement(using: &random) ?? .noFill))
        }
        var trace = MediationTrace(entries: entries, outcome: "no_fill")
        if Bool.random(using: &random) {
            trace.auction = AuctionRecord(
                rule: .unifiedFirstPrice,
                order: (0..<Int.random(in: 0...6, using: &random)).map { place in
                    AuctionRecordEntry(
                        place: place, entryIndex: place,
                        line: Bool.random(using: &random) ? Int.random(in: 0...10, using: &random) : nil, kind: .bid,
                        customEvent: "bid", network: "net", price: 1, currencyCode: "USD", bidID: nil, result: "lost",
                        lossReason: .lostToHigherBid)
                })
        }
        return trace
    }

    /// The rows the timeline draws, in the reference's shape.
    static func timelineRows(_ trace: MediationTrace) -> [ReferenceRow] {
        InspectorTimeline(MediationInspection(trace: trace)).rows.map {
            ReferenceRow(
                label: $0.label, entry: $0.entry, notRun: $0.notRun, isHedge: $0.isHedge,
                droppedCallbacks: $0.droppedCallbacks)
        }
    }

    /// A line skipped, capped or without an adapter has no duration because it never loaded: the lines after it
    /// are not hedges; a line still loading at the end of the trace does make later lines hedges.
    @Test func aLineThatNeverLoadedMakesNoLaterLineAHedge() {
        func entry(_ line: Int, start: Int64, duration: Int64?, _ result: MediationLineResult) -> MediationTraceEntry {
            MediationTraceEntry(
                line: line, customEvent: "ce", network: "n\(line)", start: .milliseconds(start),
                duration: duration.map { .milliseconds($0) }, result: result)
        }
        let neverLoaded = MediationTrace(
            entries: [
                entry(0, start: 0, duration: nil, .skipped), entry(1, start: 0, duration: nil, .missingAdapter),
                entry(2, start: 1, duration: 40, .noFill), entry(3, start: 41, duration: 10, .noFill),
            ],
            outcome: "no_fill")
        #expect(Self.timelineRows(neverLoaded).map(\.isHedge) == [false, false, false, false])
        #expect(Self.timelineRows(neverLoaded) == Self.referenceRows(neverLoaded))
        let stillLoading = MediationTrace(
            entries: [entry(0, start: 0, duration: nil, .loading), entry(1, start: 500, duration: 10, .noFill)],
            outcome: "no_fill")
        #expect(Self.timelineRows(stillLoading).map(\.isHedge) == [false, true])
    }

    @Test func hedgesAndDroppedCallbacksAreAttributedAsThePlainDefinitionsSay() {
        var random = SeededGenerator(seed: 43)
        var hedges = 0
        var dropped = 0
        var orphans = 0
        for _ in 0..<2_000 {
            let trace = Self.randomTrace(&random)
            let expected = Self.referenceRows(trace)
            let rows = Self.timelineRows(trace)
            #expect(rows == expected, "\(trace.jsonString())")
            hedges += expected.count(where: \.isHedge)
            dropped += expected.reduce(0) { $0 + $1.droppedCallbacks.count }
            orphans += expected.count { $0.entry == nil && !$0.droppedCallbacks.isEmpty }
        }
        // The random traces reach every case compared above.
        #expect(hedges > 1_000)
        #expect(dropped > 1_000)
        #expect(orphans > 100)
    }

    /// The runs the engine records (a hedged run and a run with a late callback) give the reference's rows.
    @Test func aHedgedRunAndALateCallbackGiveTheReferenceRows() throws {
        let harness = WaterfallHarness()
        let mediator = try harness.mediator(
            [
                "A": Fixture.fill("A", after: 1000), "B": Fixture.fill("B", after: 300),
                "C": CustomEventScript(.fill(Fixture.properties("C")), latency: .seconds(2), ignoresStop: true),
            ],
            strategy: try MediationStrategy.hedged(after: .milliseconds(200), maxInFlight: 3))
        let recorder = RunRecorder(harness.clock)
        let run = mediator.mediate(
            AdResponse(lines: [try Fixture.line("A"), try Fixture.line("B"), try Fixture.line("C")]),
            delivery: .immediate, completion: recorder.completion)
        harness.clock.runUntilIdle()
        let trace = run.trace
        let rows = Self.timelineRows(trace)
        #expect(rows == Self.referenceRows(trace))
        #expect(rows.map(\.isHedge) == [false, true, true], "B and C started while A was loading")
        #expect(rows.reduce(0) { $0 + $1.droppedCallbacks.count } == trace.results.count { $0 == .lateCallback })
    }

    /// The page's text worked out on the bytes (printable ASCII) is the card's escape of the terminal-safe text,
    /// for every ASCII character alone and for random strings mixing them with other characters.
    @Test func textOnTheBytesIsTheEscapeOfTheTerminalSafeText() {
        var random = SeededGenerator(seed: 44)
        var samples = (0..<128).map { String(Unicode.Scalar(UInt8($0))) }
        let others = ["é", "&\u{301}", "\"\u{301}", "\u{202E}", "\u{2028}", "日本", "🎉", "\u{85}", "\r\n", "\u{7F}"]
        for _ in 0..<5_000 {
            var sample = ""
            for _ in 0..<Int.random(in: 0...12, using: &random) {
                if Int.random(in: 0..<8, using: &random) == 0 {
                    sample += others.randomElement(using: &random) ?? ""
                } else {
                    sample.unicodeScalars.append(Unicode.Scalar(UInt8.random(in: 0..<128, using: &random)))
                }
            }
            samples.append(sample)
        }
        var onTheBytes = 0
        for sample in samples {
            #expect(
                MediationInspector.text(sample) == HTMLNativeAdRenderer.escape(sample.terminalSafe),
                "\(sample.debugDescription)")
            let isPrintableASCII = sample.utf8.allSatisfy { (0x20..<0x7F).contains($0) }
            #expect((MediationInspector.printableASCIIText(sample) != nil) == isPrintableASCII)
            onTheBytes += isPrintableASCII ? 1 : 0
        }
        #expect(onTheBytes > 1_000, "the samples reach the byte path")
    }

    /// The page writer writes a number as string interpolation does, signs and extremes included.
    @Test func theWriterWritesNumbersAsInterpolationDoes() {
        var random = SeededGenerator(seed: 45)
        var values: [Int64] = [0, 1, -1, 9, 10, -10, 99, 100, .max, .min, .max - 1, .min + 1]
        values += (0..<1_000).map { _ in
            Int64.random(in: .min ... .max, using: &random) >> Int.random(in: 0..<63, using: &random)
        }
        for value in values {
            var writer = InspectorHTMLWriter(capacity: 0)
            writer.markup("x=")
            writer.number(value)
            writer.number(Int(value))
            #expect(writer.string == "x=\(value)\(value)")
        }
    }

    /// A trace of `count` entries: lines one after another (each scan of the old code went through every attempt),
    /// every seventh a hedge, one entry in ten a late callback for an earlier line and one in a hundred a
    /// callback for a line that never ran (each such scan went through every row).
    static func longTrace(entries count: Int) -> (trace: MediationTrace, hedges: Int, dropped: Int, orphans: Int) {
        var entries: [MediationTraceEntry] = []
        entries.reserveCapacity(count)
        var line = 0
        var hedges = 0
        var dropped = 0
        var orphans = 0
        for index in 0..<count {
            if index % 100 == 99 {
                orphans += 1
                entries.append(
                    MediationTraceEntry(
                        line: count + index, customEvent: "ce", network: "gone", start: .milliseconds(Int64(line) * 10),
                        duration: nil, result: .duplicateCallback))
            } else if index % 10 == 9 {
                dropped += 1
                entries.append(
                    MediationTraceEntry(
                        line: line / 2, customEvent: "ce", network: "net", start: .milliseconds(Int64(line) * 10),
                        duration: nil, result: .lateCallback, detail: "ad dropped"))
            } else {
                // A hedge starts 3 ms after the line before it, which runs 8 ms.
                let isHedge = line % 7 == 3
                hedges += isHedge ? 1 : 0
                entries.append(
                    MediationTraceEntry(
                        line: line, customEvent: "ce", network: "net",
                        start: .milliseconds(Int64(line) * 10 - (isHedge ? 7 : 0)), duration: .milliseconds(8),
                        result: .noFill))
                line += 1
            }
        }
        return (MediationTrace(entries: entries, outcome: "no_fill"), hedges, dropped, orphans)
    }

    /// How many tags of `html` start with each of `prefixes` (each `<` of the page opens a tag the inspector
    /// wrote; one pass over the bytes, as a debug build searches 60 MB slowly).
    static func tagCounts(_ html: String, _ prefixes: [String]) -> [Int] {
        let prefixes = prefixes.map { Array($0.utf8) }
        var counts = [Int](repeating: 0, count: prefixes.count)
        var html = html
        html.withUTF8 { bytes in
            for start in bytes.indices where bytes[start] == UInt8(ascii: "<") {
                for (index, prefix) in prefixes.enumerated() where start + prefix.count <= bytes.count {
                    var offset = 1
                    while offset < prefix.count, bytes[start + offset] == prefix[offset] { offset += 1 }
                    if offset == prefix.count { counts[index] += 1 }
                }
            }
        }
        return counts
    }

    /// The calling thread's CPU time so far: unlike the wall clock, not inflated by other processes on a busy
    /// machine.
    static func threadCPUTime() -> Duration {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return .seconds(spec.tv_sec) + .nanoseconds(spec.tv_nsec)
    }

    /// 100,000 entries render in a few seconds of CPU in a debug build (about 5 s here; under 1 s in a release
    /// build, docs/performance.md), where the old per-entry scans of every attempt and every row made about 10^10
    /// comparisons (many minutes). The bound, 20 s of this thread's CPU time, leaves room for a slow machine and
    /// none for a quadratic pass.
    @Test func aHundredThousandEntryTraceRendersWellWithinTheBound() {
        let (trace, hedges, dropped, orphans) = Self.longTrace(entries: 100_000)
        let start = Self.threadCPUTime()
        let html = MediationInspector.htmlPage(for: MediationInspection(title: "long", trace: trace))
        let elapsed = Self.threadCPUTime() - start
        #expect(elapsed < .seconds(20), "rendering 100,000 entries took \(elapsed) of CPU")
        let attempts = trace.entries.count - dropped - orphans
        let counts = Self.tagCounts(
            html,
            [
                "<g class=\"row\">", "<path class=\"hedge\"", "<path class=\"marker o-late\"",
                "<path class=\"marker o-duplicate\"", "<tr><td>",
            ])
        #expect(counts[0] == attempts + orphans, "a row per attempt and per callback of a line that never ran")
        #expect(counts[1] == hedges)
        #expect(counts[2] == dropped)
        #expect(counts[3] == orphans)
        #expect(counts[4] == trace.entries.count, "one row per entry in the lines table")
    }
}
