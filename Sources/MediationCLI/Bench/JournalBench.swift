import Foundation
import MediationBench
import MediationCore
import MediationNetworking
import MediationSupport
import MediationTesting

/// `mediation bench --journal`: what a journaled tracker pinger costs the host where it waits for the journal
/// (docs/performance.md):
///
/// - `NativeAd.recordImpression()`, the append that makes the impression durable before the call returns;
/// - a 50-bidder auction's load, whose win and loss notices are in the journal before its result is delivered,
///   against the same load with a pinger that drops its pings.
///
/// Every tracker and notice is on a closed loopback port, so every request fails at once and no server is
/// involved; the figures are the calls as the host pays them: the journal appends and the requests' enqueueing.
struct JournalBench: Codable, Sendable {
    /// One durability policy's figures.
    struct Row: Codable, Sendable {
        var durability: String
        var calls: Int
        var medianMicroseconds: Double
        var p99Microseconds: Double
        var maxMicroseconds: Double
    }

    /// One durability policy's auction figures.
    struct AuctionRow: Codable, Sendable {
        var durability: String
        var bidders: Int
        var loads: Int
        var medianMicroseconds: Double
        var p99Microseconds: Double
        /// The same load's median with a pinger that drops its pings (no journal).
        var medianWithoutJournalMicroseconds: Double
    }

    var rows: [Row]
    var auctionRows: [AuctionRow] = []

    /// Times `calls` impressions for each durability policy.
    static func measure(calls: Int = 5_000, progress: (String) -> Void) throws -> JournalBench {
        var rows: [Row] = []
        for durability in [TrackerJournalDurability.processCrash, .powerLoss] {
            let name = Self.name(of: durability)
            let count = durability == .processCrash ? calls : max(calls / 10, 100)
            progress("bench journal: \(count) impressions, durability \(name)")
            let pinger = try JournaledPinger(durability: durability)
            let ads = (0..<count).map { number in
                NativeAd(
                    adapter: ScriptedNativeAdAdapter(properties: NativeAdProperties()),
                    source: NativeAdSource(
                        customEventIdentifier: "bench",
                        impressionTrackers: [URL(string: "http://127.0.0.1:9/imp?n=\(number)")!]),
                    trackerPinger: pinger.pinger)
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
        var bench = JournalBench(rows: rows)
        bench.auctionRows = try measureAuctions(progress: progress)
        return bench
    }

    /// Times `loads` loads of a `bidders`-bidder auction for each durability policy, with a journaled pinger and
    /// with one that drops its pings.
    static func measureAuctions(bidders: Int = 50, loads: Int = 200, progress: (String) -> Void) throws
        -> [AuctionRow]
    {
        let response = try BenchCliffsReport.auction(bidders: bidders, bids: true, noticeBase: "http://127.0.0.1:9")
        func samples(_ mediator: Mediator, count: Int) throws -> [Double] {
            _ = try BenchCliffsReport.microseconds(mediator, [response], loads: 2)
            return try (0..<count).map { _ in try BenchCliffsReport.microseconds(mediator, [response], loads: 1) }
                .sorted()
        }
        var rows: [AuctionRow] = []
        for durability in [TrackerJournalDurability.processCrash, .powerLoss] {
            let name = Self.name(of: durability)
            let count = durability == .processCrash ? loads : max(loads / 10, 10)
            progress("bench journal: \(count) loads of a \(bidders)-bidder auction, durability \(name)")
            let pinger = try JournaledPinger(durability: durability)
            // Without the journal first: the journaled pinger's failing requests then run on other threads.
            let dropped = try samples(BenchCliffsReport.mediator(), count: count)
            let journaled = try samples(BenchCliffsReport.mediator(pinger: pinger.pinger), count: count)
            rows.append(
                AuctionRow(
                    durability: name, bidders: bidders, loads: count, medianMicroseconds: journaled[count / 2],
                    p99Microseconds: journaled[min(count - 1, count * 99 / 100)],
                    medianWithoutJournalMicroseconds: dropped[count / 2]))
        }
        return rows
    }

    /// The policy's name in the tables.
    private static func name(of durability: TrackerJournalDurability) -> String {
        durability == .processCrash ? "processCrash" : "powerLoss"
    }

    /// A journaled pinger on a directory of its own, closed and removed when it goes.
    private final class JournaledPinger {
        let pinger: URLSessionTrackerPinger
        private let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("mediation-journal-bench-\(UUID().uuidString)")

        init(durability: TrackerJournalDurability) throws {
            pinger = try URLSessionTrackerPinger(
                journalDirectory: directory, clock: ManualClock(), durability: durability)
        }

        deinit {
            pinger.close()
            try? FileManager.default.removeItem(at: directory)
        }
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
        lines += [
            "", "an auction's load (its win and loss notices journaled before its result is delivered):",
            "| durability | bidders | loads | median µs per load | p99 µs | median without the journal |",
            "| --- | --- | --- | --- | --- | --- |",
        ]
        for row in auctionRows {
            lines.append(
                String(
                    format: "| %@ | %d | %d | %.1f | %.1f | %.1f |", row.durability, row.bidders, row.loads,
                    row.medianMicroseconds, row.p99Microseconds, row.medianWithoutJournalMicroseconds))
        }
        return lines.joined(separator: "\n")
    }
}
