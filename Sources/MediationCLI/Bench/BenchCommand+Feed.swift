import Foundation
import MediationBench
import MediationCore

extension BenchCommand {
    /// `mediation bench --feed`: only the feed simulation (docs/ready-ads.md).
    static func runFeed(workload: BenchWorkload, options: Options) -> Int32 {
        printReport(
            options: options, text: feedTable,
            measure: {
                let feed = try BenchFeed(
                    workload: workload, strategy: options.strategies.first ?? BenchStrategy(.default),
                    sessions: options.sessions, readyAds: options.readyAds)
                return try feed.run { printError($0) }
            })
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
