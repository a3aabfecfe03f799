import Foundation

/// Draws the time-to-fill CDF of each strategy of a ``BenchRun`` (and of the oracle and the bound) as a
/// self-contained SVG: x is time to fill in ms (up to the largest p99), y the share of filled requests. With a
/// ``BenchFrontier``, a second panel below plots every fixed hedge and the adaptive strategy by requests per load
/// (× sequential) and p50 time to fill (× the same-winner bound), with the fixed hedges' Pareto frontier.
public enum BenchCDFChart {
    private static let palette = [
        "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#7f7f7f",
    ]

    /// The SVG document for `run`.
    public static func svg(
        _ run: BenchRun, frontier: BenchFrontier? = nil, width: Int = 1000, height: Int = 440
    ) -> String {
        let frontierHeight = frontier == nil ? 0 : 400
        var series: [(name: String, times: [Double], dashed: Bool)] = [
            ("oracle", times(run.oracle), true), ("same-winner bound", times(run.bound), true),
        ]
        for entry in run.strategies {
            let name = entry.strategy.isDefault ? "\(entry.strategy.name) (default)" : entry.strategy.name
            series.append((name, times(entry.results), false))
        }
        let maxTime = max(
            series.compactMap { BenchPercentile.nearestRank(99, of: $0.times) }.max() ?? 1, 1)
        let left = 60.0
        let top = 30.0
        let plotWidth = Double(width) - left - 400
        let plotHeight = Double(height) - top - 50
        func x(_ time: Double) -> Double { left + min(time / maxTime, 1) * plotWidth }
        func y(_ share: Double) -> Double { top + (1 - share) * plotHeight }
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height + frontierHeight)" \
            viewBox="0 0 \(width) \(height + frontierHeight)" font-family="sans-serif" font-size="12">
            <rect width="100%" height="100%" fill="white"/>
            <text x="\(left)" y="18" font-size="14">Time to fill, CDF over filled requests: \
            \(escape(run.workload.name)), \(run.world.requests.count) requests, seed \(run.workload.seed)</text>

            """
        svg += line(left, y(0), left + plotWidth, y(0), "#000")
        svg += line(left, y(0), left, y(1), "#000")
        for step in 0...4 {
            let share = Double(step) / 4
            svg += line(left, y(share), left + plotWidth, y(share), "#ddd")
            svg += text(left - 8, y(share) + 4, "\(step * 25)%", anchor: "end")
            let time = maxTime * Double(step) / 4
            svg += text(x(time), y(0) + 18, String(format: "%.0f", time), anchor: "middle")
        }
        svg += text(left + plotWidth / 2, Double(height) - 8, "time to fill (ms)", anchor: "middle")
        for (index, entry) in series.enumerated() {
            let color = palette[index % palette.count]
            let count = Double(entry.times.count)
            var points = ["\(format(x(0))),\(format(y(0)))"]
            let stride = max(entry.times.count / 400, 1)
            for (rank, time) in entry.times.enumerated() where rank % stride == 0 || rank == entry.times.count - 1 {
                points.append("\(format(x(time))),\(format(y(Double(rank + 1) / count)))")
            }
            let dash = entry.dashed ? " stroke-dasharray=\"5,3\"" : ""
            svg += "<polyline fill=\"none\" stroke=\"\(color)\" stroke-width=\"1.5\"\(dash) "
            svg += "points=\"\(points.joined(separator: " "))\"/>\n"
            let legendY = top + 10 + Double(index) * 18
            svg += line(left + plotWidth + 15, legendY, left + plotWidth + 35, legendY, color)
            svg += text(left + plotWidth + 40, legendY + 4, entry.name, anchor: "start")
        }
        if let frontier { svg += frontierPanel(frontier, top: Double(height), width: Double(width)) }
        return svg + "</svg>\n"
    }

    private static func frontierPanel(_ frontier: BenchFrontier, top panelTop: Double, width: Double) -> String {
        let left = 60.0
        let top = panelTop + 40
        let plotWidth = width - left - 400
        let plotHeight = 300.0
        let points = frontier.points.compactMap { point -> (BenchFrontier.Point, Double, Double)? in
            guard let requests = point.requestsRatio, let p50 = point.p50ToBound else { return nil }
            return (point, requests, p50)
        }
        let adaptive: (Double, Double)? = frontier.adaptiveRequestsRatio.flatMap { requests in
            frontier.adaptiveP50ToBound.map { (requests, $0) }
        }
        let xs = points.map(\.1) + (adaptive.map { [$0.0] } ?? [])
        let ys = points.map(\.2) + (adaptive.map { [$0.1] } ?? [])
        let minX = min(xs.min() ?? 1, 1)
        let maxX = max(xs.max() ?? 2, minX + 0.1)
        let minY = min(ys.min() ?? 1, 1)
        let maxY = max(ys.max() ?? 2, minY + 0.1)
        func x(_ value: Double) -> Double { left + (value - minX) / (maxX - minX) * plotWidth }
        func y(_ value: Double) -> Double { top + (1 - (value - minY) / (maxY - minY)) * plotHeight }
        var svg = text(
            left, panelTop + 20,
            "Trade-off: p50 time to fill (× same-winner bound) against requests per load (× sequential)",
            anchor: "start")
        svg += line(left, y(minY), left + plotWidth, y(minY), "#000")
        svg += line(left, y(minY), left, y(maxY), "#000")
        for step in 0...4 {
            let valueX = minX + (maxX - minX) * Double(step) / 4
            let valueY = minY + (maxY - minY) * Double(step) / 4
            svg += line(left, y(valueY), left + plotWidth, y(valueY), "#eee")
            svg += text(left - 8, y(valueY) + 4, String(format: "%.2f", valueY), anchor: "end")
            svg += text(x(valueX), y(minY) + 18, String(format: "%.2f", valueX), anchor: "middle")
        }
        svg += text(left + plotWidth / 2, top + plotHeight + 36, "requests per load (× sequential)", anchor: "middle")
        for (_, requests, p50) in points {
            svg += "<circle cx=\"\(format(x(requests)))\" cy=\"\(format(y(p50)))\" r=\"3\" fill=\"#bbb\"/>\n"
        }
        let pareto = points.filter { $0.0.isOnFrontier }.sorted { $0.1 < $1.1 }
        let path = pareto.map { "\(format(x($0.1))),\(format(y($0.2)))" }.joined(separator: " ")
        svg += "<polyline fill=\"none\" stroke=\"#555\" stroke-width=\"1.5\" points=\"\(path)\"/>\n"
        if let (requests, p50) = adaptive {
            svg += "<circle cx=\"\(format(x(requests)))\" cy=\"\(format(y(p50)))\" r=\"6\" fill=\"#d62728\"/>\n"
        }
        let legendX = left + plotWidth + 15
        svg += "<circle cx=\"\(format(legendX + 10))\" cy=\"\(format(top + 10))\" r=\"3\" fill=\"#bbb\"/>\n"
        svg += text(legendX + 25, top + 14, "hedged(d, k), d 0–1000 ms, k 1–8", anchor: "start")
        svg += line(legendX, top + 28, legendX + 20, top + 28, "#555")
        svg += text(legendX + 25, top + 32, "frontier of the fixed hedges", anchor: "start")
        svg += "<circle cx=\"\(format(legendX + 10))\" cy=\"\(format(top + 46))\" r=\"6\" fill=\"#d62728\"/>\n"
        svg += text(legendX + 25, top + 50, frontier.adaptive, anchor: "start")
        let verdict =
            frontier.dominating.isEmpty
            ? "no fixed hedge beats it on both" : "beaten on both by \(frontier.dominating.count)"
        svg += text(legendX + 25, top + 66, verdict, anchor: "start")
        return svg
    }

    private static func times(_ results: [BenchRequestResult]) -> [Double] {
        results.compactMap(\.timeToFill).map { $0 / .milliseconds(1) }.sorted()
    }

    private static func format(_ value: Double) -> String { String(format: "%.1f", value) }

    private static func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ color: String) -> String {
        "<line x1=\"\(format(x1))\" y1=\"\(format(y1))\" x2=\"\(format(x2))\" y2=\"\(format(y2))\" "
            + "stroke=\"\(color)\"/>\n"
    }

    private static func text(_ x: Double, _ y: Double, _ content: String, anchor: String) -> String {
        "<text x=\"\(format(x))\" y=\"\(format(y))\" text-anchor=\"\(anchor)\">\(escape(content))</text>\n"
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
