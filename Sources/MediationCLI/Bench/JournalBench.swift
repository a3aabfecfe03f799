import Foundation
import MediationCore
import MediationNetworking
import MediationSupport
import MediationTesting

/// `mediation bench --journal`: what `NativeAd.recordImpression()` costs the host with a journaled tracker pinger,
/// the append that makes the impression durable before the call returns (docs/performance.md).
///
/// Each ad has one impression tracker on a closed loopback port, so every request fails at once and no server
/// is involved; the figure is the call as the host pays it: the journal append and the request's enqueueing.
struct JournalBench: Codable, Sendable {
    /// One durability policy's figures.
    struct Row: Codable, Sendable {
        var durability: String
        var calls: Int
        var medianMicroseconds: Double
        var p99Microseconds: Double
        var maxMicroseconds: Double
    }

    var rows: [Row]

    /// Times `calls` impressions for each durability policy.
    static func measure(calls: Int = 5_000, progress: (String) -> Void) throws -> JournalBench {
        var rows: [Row] = []
        for durability in [TrackerJournalDurability.processCrash, .powerLoss] {
            let name = durability == .processCrash ? "processCrash" : "powerLoss"
            let count = durability == .processCrash ? calls : max(calls / 10, 100)
            progress("bench journal: \(count) impressions, durability \(name)")
            let directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("mediation-journal-bench-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: directory) }
            let pinger = try URLSessionTrackerPinger(
                journalDirectory: directory, clock: ManualClock(), durability: durability)
            defer { pinger.close() }
            let ads = (0..<count).map { number in
                NativeAd(
                    adapter: ScriptedNativeAdAdapter(properties: NativeAdProperties()),
                    source: NativeAdSource(
                        customEventIdentifier: "bench",
                        impressionTrackers: [URL(string: "http://127.0.0.1:9/imp?n=\(number)")!]),
                    trackerPinger: pinger)
            }
            var samples: [Double] = []
            samples.reserveCapacity(count)
            let clock = ContinuousClock()
            for ad in ads {
                let elapsed = clock.measure { ad.recordImpression() }
                samples.append(elapsed.milliseconds * 1_000)
            }
            samples.sort()
            rows.append(
                Row(
                    durability: name, calls: count, medianMicroseconds: samples[count / 2],
                    p99Microseconds: samples[min(count - 1, count * 99 / 100)], maxMicroseconds: samples[count - 1]))
        }
        return JournalBench(rows: rows)
    }

    /// The figures as a table.
    func table() -> String {
        var lines = [
            "journal append (NativeAd.recordImpression with a journaled URLSessionTrackerPinger):",
            "| durability | calls | median µs | p99 µs | max µs |",
            "| --- | --- | --- | --- | --- |",
        ]
        for row in rows {
            lines.append(
                String(
                    format: "| %@ | %d | %.1f | %.1f | %.1f |", row.durability, row.calls, row.medianMicroseconds,
                    row.p99Microseconds, row.maxMicroseconds))
        }
        return lines.joined(separator: "\n")
    }
}
