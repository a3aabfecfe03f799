import Foundation
import MediationCore
import MediationSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the mediation inspector costs on a long trace (`mediation bench --inspector-entries N`): a trace of N
/// entries (``BenchInspectorTrace``) is encoded as JSON as a host logs it, decoded and rendered as the inspector's
/// page, as `mediation inspect` does with a saved trace.
///
/// Each phase is timed on the wall clock and on the calling thread's CPU clock (on a machine busy with other work
/// the wall time includes the time other processes ran; the CPU time is this thread's work alone), and each figure
/// is the median of the runs.
package struct BenchInspectorReport: Codable, Sendable, Hashable {
    /// One phase's figures.
    package struct Phase: Codable, Sendable, Hashable {
        /// What was timed: `encode`, `decode`, `render`, or `decode + render` (the work of `mediation inspect`).
        package var name: String
        /// Wall time, in seconds.
        package var seconds: Double
        /// Wall time per entry, in microseconds.
        package var microsecondsPerEntry: Double
        /// The calling thread's CPU time, in seconds.
        package var cpuSeconds: Double
    }

    /// A failure of the bench itself: the decoded trace is not the one encoded.
    package struct RoundTripFailure: Error, CustomStringConvertible {
        /// What went wrong.
        package var description: String
    }

    /// The trace's entries.
    package var entries: Int
    /// How many times each phase ran.
    package var runs: Int
    /// The trace's JSON (``MediationTrace/jsonData(prettyPrinted:)``), in bytes.
    package var traceBytes: Int
    /// The page's HTML, in bytes (UTF-8).
    package var pageBytes: Int
    /// Encoding (``MediationTrace/jsonData(prettyPrinted:)``), decoding (``MediationTrace/decode(json:)``),
    /// rendering (``MediationInspector/htmlPage(for:)``), and decoding and rendering together.
    package var phases: [Phase]

    /// Builds a trace of `entries` entries from `seed` and times encoding, decoding and rendering it `runs`
    /// times.
    ///
    /// - Throws: the decoder's error, or ``RoundTripFailure`` when the decoded trace differs from the encoded one.
    package static func measure(
        entries: Int, seed: UInt64 = 1, runs: Int = 3, progress: (String) -> Void
    ) throws -> BenchInspectorReport {
        progress("bench inspector: building a trace of \(entries) entries")
        let trace = BenchInspectorTrace.trace(entries: entries, seed: seed)
        let runs = max(runs, 1)
        var samples: [[(wall: Double, cpu: Double)]] = [[], [], [], []]
        var traceBytes = 0
        var pageBytes = 0
        for run in 1...runs {
            progress("bench inspector: run \(run) of \(runs)")
            var data = Data()
            samples[0].append(time { data = trace.jsonData() })
            var decoded = MediationTrace()
            var failure: MediationError?
            samples[1].append(
                time {
                    do throws(MediationError) {
                        decoded = try MediationTrace.decode(json: data)
                    } catch {
                        failure = error
                    }
                })
            if let failure { throw failure }
            guard decoded == trace else {
                throw RoundTripFailure(description: "the decoded trace differs from the one encoded")
            }
            var page = ""
            samples[2].append(
                time { page = MediationInspector.htmlPage(for: MediationInspection(title: "bench", trace: decoded)) })
            let (decode, render) = (samples[1][run - 1], samples[2][run - 1])
            samples[3].append((decode.wall + render.wall, decode.cpu + render.cpu))
            traceBytes = data.count
            pageBytes = page.utf8.count
        }
        let phases = zip(["encode", "decode", "render", "decode + render"], samples).map { name, samples in
            let seconds = median(samples.map(\.wall))
            return Phase(
                name: name, seconds: seconds, microsecondsPerEntry: seconds * 1e6 / Double(max(entries, 1)),
                cpuSeconds: median(samples.map(\.cpu)))
        }
        return BenchInspectorReport(
            entries: entries, runs: runs, traceBytes: traceBytes, pageBytes: pageBytes, phases: phases)
    }

    /// The figures as a short table.
    package func table() -> String {
        var rows = [
            "inspector: a trace of \(entries) entries (\(traceBytes) bytes of JSON), a page of \(pageBytes) bytes; "
                + "medians of \(runs) runs",
            "",
            "| phase | seconds | µs per entry | CPU seconds |",
            "| --- | --- | --- | --- |",
        ]
        for phase in phases {
            rows.append(
                "| \(phase.name) | "
                    + String(
                        format: "%.3f | %.2f | %.3f |", phase.seconds, phase.microsecondsPerEntry, phase.cpuSeconds))
        }
        return rows.joined(separator: "\n")
    }

    /// The wall time and the calling thread's CPU time of `body`, in seconds.
    private static func time(_ body: () -> Void) -> (wall: Double, cpu: Double) {
        let cpuStart = threadCPUSeconds()
        let wall = ContinuousClock().measure(body)
        let cpu = threadCPUSeconds() - cpuStart
        return (wall.seconds, cpu)
    }

    /// The calling thread's CPU time so far, in seconds.
    private static func threadCPUSeconds() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) * 1e-9
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
