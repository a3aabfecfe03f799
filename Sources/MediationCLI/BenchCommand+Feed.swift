import Foundation
import MediationBench
import MediationCore

extension BenchCommand {
    /// `mediation bench --feed`: only the feed simulation (docs/ready-ads.md).
    static func runFeed(workload: BenchWorkload, options: Options) -> Int32 {
        let report: BenchFeedReport
        do {
            let feed = try BenchFeed(
                workload: workload, strategy: options.strategies.first ?? BenchStrategy(.default),
                sessions: options.sessions, readyAds: options.readyAds)
            report = try feed.run { printError($0) }
        } catch {
            printError("mediation bench: \(error)")
            return 1
        }
        if options.json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            guard let data = try? encoder.encode(report) else {
                printError("mediation bench: cannot encode the report")
                return 1
            }
            print(String(decoding: data, as: UTF8.self))
        } else {
            print(feedTable(report))
        }
        return 0
    }

    static func feedTable(_ report: BenchFeedReport) -> String {
        func row(_ name: String, _ mode: BenchFeedReport.Mode) -> String {
            "| \(name) "
                + String(
                    format: "| %.0f | %.0f | %.0f | %.0f | %d | %d | %.2f | %.2f | %d | %d | %d |",
                    mode.timeToShowMs.p50, mode.timeToShowMs.p95, mode.timeToShowMs.p99, mode.firstAdMs, mode.shownAds,
                    mode.missedSlots, mode.requestsPerShownAd, mode.fillsPerShownAd, mode.expiredUnshown,
                    mode.shownAfterExpiry, mode.cacheBytes)
        }
        return [
            "feed \(report.workload), \(report.strategy): \(report.sessions) sessions, \(report.slots) slots, "
                + "\(report.readyAds) ready ads",
            "",
            "| loading | p50 ms | p95 ms | p99 ms | first ad ms | shown | missed | requests/shown | fills/shown "
                + "| expired unshown | shown after expiry | cache bytes |",
            "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
            row("on demand", report.onDemand), row("with cache", report.withCache),
        ].joined(separator: "\n")
    }
}
