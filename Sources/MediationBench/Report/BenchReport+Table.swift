import Foundation

extension BenchReport {
    /// The report as Markdown tables: oracle and bound, then one row per strategy.
    public func table() -> String {
        var lines = ["workload \(workload): \(requests) requests, seed \(seed)"]
        if let signals = signalCollectionMs, signals.count == 2 {
            lines.append(
                "auction: bid signals collected before each request, p50 \(Self.number(signals[0])) ms, "
                    + "p95 \(Self.number(signals[1])) ms (part of every time to fill below)")
        }
        lines += [
            "",
            "| reference | fill rate | revenue | p50 ms | p95 ms | p99 ms |",
            "| --- | --- | --- | --- | --- | --- |",
        ]
        for (name, summary) in [("oracle", oracle), ("same-winner bound", bound)] {
            lines.append(
                "| \(name) | \(Self.percent(summary.fillRate)) | \(Self.number(summary.revenue)) | "
                    + "\(Self.number(summary.p50Ms)) | \(Self.number(summary.p95Ms)) | \(Self.number(summary.p99Ms)) |")
        }
        let limitHeader = limit == nil ? "" : " p50, p95 × limit at its cost |"
        lines += [
            "",
            "| strategy | fill rate | revenue (× seq) | p50 ms (× bound, × oracle) | p95 ms (× bound, × oracle) "
                + "| p99 ms (× bound, × oracle) | requests/load (× seq) | winner ≠ seq |" + limitHeader,
            "| --- | --- | --- | --- | --- | --- | --- | --- |" + (limit == nil ? "" : " --- |"),
        ]
        for strategy in strategies {
            let times = zip(
                [strategy.p50Ms, strategy.p95Ms, strategy.p99Ms].indices,
                [
                    strategy.p50Ms, strategy.p95Ms, strategy.p99Ms,
                ]
            )
            .map { index, value in
                "\(Self.number(value)) (\(Self.ratio(strategy.timeToBound[index])), "
                    + "\(Self.ratio(strategy.timeToOracle[index])))"
            }
            let name = strategy.isDefault ? "\(strategy.name) (default)" : strategy.name
            lines.append(
                "| \(name) | \(Self.percent(strategy.fillRate)) | \(Self.number(strategy.revenue)) "
                    + "(\(Self.ratio(strategy.revenueRatio))) | \(times.joined(separator: " | ")) | "
                    + "\(Self.ratio(strategy.requestsPerLoad)) (\(Self.ratio(strategy.requestsRatio))) | "
                    + "\(strategy.winnerMismatches) |"
                    + (limit == nil
                        ? ""
                        : " \(Self.ratio(strategy.toLimit?.first ?? nil)), \(Self.ratio(strategy.toLimit?.last ?? nil)) |")
            )
        }
        if limit != nil {
            lines.append("")
            for strategy in strategies {
                let requests = strategy.requestsRatio.map { String(format: "%.3f", $0) } ?? "–"
                let beaten = strategy.beatenBy ?? []
                lines.append(
                    "\(strategy.name): \(requests)× sequential's requests; best rule at that cost: "
                        + (strategy.limitRule ?? "none") + "; the rule most ahead at p50 and p95 at once: "
                        + (strategy.leadingRule.map { "\($0), × \(Self.ratio(strategy.leadOfBestRule))" } ?? "none")
                        + "; "
                        + (beaten.isEmpty
                            ? "no rule of the limit is at least as fast at p50 and p95 for no more requests"
                            : "at least as fast at p50 and p95 for no more requests: "
                                + beaten.joined(separator: "; ")))
            }
        }
        return lines.joined(separator: "\n")
    }

    private static func percent(_ value: Double) -> String { String(format: "%.1f %%", value * 100) }

    private static func number(_ value: Double?) -> String {
        guard let value else { return "–" }
        return String(format: "%.1f", value)
    }

    private static func ratio(_ value: Double?) -> String {
        guard let value else { return "–" }
        return String(format: "%.2f", value)
    }
}
