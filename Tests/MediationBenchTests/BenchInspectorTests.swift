import Foundation
import MediationBench
import MediationCore
import Testing

/// `mediation bench --inspector-entries N`: the synthetic trace has exactly N entries of every kind the inspector
/// draws, is the same for the same seed, and the report times all four phases of a trace that round-trips.
@Suite struct BenchInspectorTests {
    @Test func theTraceHasTheEntriesAskedForOfEveryKindAndIsSeeded() {
        let trace = BenchInspectorTrace.trace(entries: 2_000, seed: 3)
        #expect(trace.entries.count == 2_000)
        #expect(trace == BenchInspectorTrace.trace(entries: 2_000, seed: 3))
        #expect(trace != BenchInspectorTrace.trace(entries: 2_000, seed: 4))
        let results = Set(trace.entries.map(\.result))
        #expect(
            results == [
                .loaded, .noFill, .error, .timeout, .stopped, .cancelled, .missingAdapter, .lateCallback,
                .duplicateCallback,
            ])
        #expect(trace.entries.count(where: \.isWinner) == 1)
        #expect(trace.winner == trace.entries.last { $0.isWinner }?.line)
        #expect(trace.auction?.order.count == 100)
        #expect(trace.auction?.order.contains { $0.line == nil } == true, "bids that never ran")
        // Lines start in order, a fifth or so of them while the line before is still loading.
        let attempts = trace.entries.filter { $0.result != .lateCallback && $0.result != .duplicateCallback }
        let overlapping = zip(attempts, attempts.dropFirst()).count { earlier, later in
            earlier.start + (earlier.duration ?? .zero) > later.start
        }
        #expect(overlapping > attempts.count / 8 && overlapping < attempts.count / 3, "\(overlapping)")
    }

    @Test func theReportTimesEveryPhaseOfATraceThatRoundTrips() throws {
        var progress: [String] = []
        let report = try BenchInspectorReport.measure(entries: 500, seed: 2, runs: 1) { progress.append($0) }
        #expect(report.entries == 500)
        #expect(report.runs == 1)
        #expect(report.phases.map(\.name) == ["encode", "decode", "render", "decode + render"])
        #expect(report.traceBytes == BenchInspectorTrace.trace(entries: 500, seed: 2).jsonData().count)
        #expect(report.pageBytes > report.traceBytes, "a row of the timeline and of the lines table per entry")
        for phase in report.phases {
            #expect(phase.seconds > 0 && phase.cpuSeconds >= 0)
            #expect(abs(phase.microsecondsPerEntry - phase.seconds * 1e6 / 500) < 1e-6)
        }
        #expect(abs(report.phases[3].seconds - report.phases[1].seconds - report.phases[2].seconds) < 1e-9)
        #expect(progress.count == 2)
        #expect(report.table().contains("| decode + render | "))
    }
}
