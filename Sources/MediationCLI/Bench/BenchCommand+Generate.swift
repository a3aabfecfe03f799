import Foundation
import MediationBench
import MediationCore

extension BenchCommand {
    /// `mediation bench --generate N`: N generated workloads, each run as one workload is, then a summary of the
    /// default against the limit (docs/performance.md).
    static func runGenerated(count: Int, options: Options) -> Int32 {
        let workloads = BenchWorkload.generatedSet(
            count: count, seed: options.seed ?? 1, requests: options.requests ?? 2_000)
        var reports: [BenchReport] = []
        for (index, workload) in workloads.enumerated() {
            printError("bench: generated world \(index + 1) of \(count), \(workload.name)")
            do {
                let strategies = options.strategies.isEmpty ? BenchStrategy.standardSet : options.strategies
                let run = try BenchRun(workload: workload, strategies: strategies) { line in printError(line) }
                var report = run.report
                if options.frontier { report.frontier = try BenchFrontier(run: run) { line in printError(line) } }
                if options.limit { report.attach(BenchLimit(run: run) { line in printError(line) }) }
                reports.append(report)
            } catch {
                printError("mediation bench: \(workload.name): \(error)")
                return 1
            }
        }
        if options.json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            guard let data = try? encoder.encode(reports) else {
                printError("mediation bench: cannot encode the reports")
                return 1
            }
            print(String(decoding: data, as: UTF8.self))
            return 0
        }
        for report in reports {
            print(report.table())
            if let frontier = report.frontier { print("\n" + frontier.table()) }
            if let limit = report.limit { print("\n" + limit.table()) }
            print("")
        }
        if reports.contains(where: { $0.limit != nil }) { print(limitSummary(reports)) }
        return 0
    }

    /// One row per report: the default against the limit at its realised cost.
    static func limitSummary(_ reports: [BenchReport]) -> String {
        func ratio(_ value: Double?, _ format: String = "%.3f") -> String {
            value.map { String(format: format, $0) } ?? "–"
        }
        /// Within 2 % of the limit at p50 and at p95.
        func isNearTheLimit(_ strategy: BenchStrategySummary) -> Bool {
            (strategy.toLimit ?? [nil]).allSatisfy { ($0 ?? .infinity) <= 1.02 }
        }
        /// A rule is at least as fast at p50 and p95 for no more requests.
        func isBeaten(_ strategy: BenchStrategySummary) -> Bool { !(strategy.beatenBy ?? []).isEmpty }
        var lines = [
            "| workload | default p50 / limit | p95 / limit | best rule's lead at both | requests × seq "
                + "| winner ≠ seq | best rule at its cost | at least as fast at p50 and p95 for no more requests "
                + "| rules within 2 % of the limit at both |",
            "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
        ]
        let rows = reports.compactMap { report in report.strategies.first(where: \.isDefault).map { (report, $0) } }
        // How many rules of the family reach, each on its own, the limit at the default's cost (nil without one).
        let reaching = rows.map { report, mine in
            mine.requestsRatio.flatMap { report.limit?.rulesReachingTheLimit(atRequestsRatio: $0).count }
        }
        for ((report, mine), rules) in zip(rows, reaching) {
            let beaten = mine.beatenBy ?? []
            lines.append(
                "| \(report.workload) | \(ratio(mine.toLimit?.first ?? nil)) | \(ratio(mine.toLimit?.last ?? nil)) | "
                    + "\(ratio(mine.leadOfBestRule)) | \(ratio(mine.requestsRatio)) | \(mine.winnerMismatches) | "
                    + "\(mine.limitRule ?? "–") | " + (beaten.isEmpty ? "none" : beaten.joined(separator: "; "))
                    + " | \(rules.map(String.init) ?? "–") |")
        }
        let defaults = rows.map(\.1)
        let withinLimit = defaults.count(where: isNearTheLimit)
        let withinRule = defaults.count { ($0.leadOfBestRule ?? .infinity) <= 1.02 }
        let dominated = defaults.count(where: isBeaten)
        // Near the limit at both, beaten by no rule, and requests at most 2 % over the budget (a ceiling: a world
        // where fewer requests buy the same speed is not one to spend it on).
        let budget = MediationStrategy.defaultRequestBudget
        let meetsAll = defaults.count { mine in
            isNearTheLimit(mine) && !isBeaten(mine) && mine.requestsRatio.map { $0 <= budget * 1.02 } == true
        }
        // Worlds where no one rule reaches the limit at both quantiles, and how many of them the default does.
        let unreached = zip(defaults, reaching).filter { $0.1 == 0 }.map(\.0)
        let reachedOnlyByTheDefault = unreached.count(where: isNearTheLimit)
        lines.append(
            "\nthe default on \(defaults.count) worlds: within 2 % of the limit at p50 and at p95 on \(withinLimit); "
                + "no rule more than 2 % faster at both at once on \(withinRule); a rule at least as fast for no more "
                + "requests on \(dominated); all three (requests at most 2 % over the budget too) on \(meetsAll); "
                + "at its cost, one rule of the family within 2 % of the limit at both on "
                + "\(reaching.count { ($0 ?? 0) > 0 }), and the default on \(reachedOnlyByTheDefault) of the "
                + "\(unreached.count) others")
        return lines.joined(separator: "\n")
    }
}
