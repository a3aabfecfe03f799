import Foundation

/// Draws the time-to-fill CDF of each strategy of a ``BenchRun`` (and of the oracle and the bound) as a
/// self-contained SVG: x is time to fill in ms (up to the largest p99), y the share of filled requests.
public enum BenchCDFChart {
    private static let palette = [
        "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#7f7f7f",
    ]

    /// The SVG document for `run`.
    public static func svg(_ run: BenchRun, width: Int = 960, height: Int = 440) -> String {
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
        let plotWidth = Double(width) - left - 360
        let plotHeight = Double(height) - top - 50
        func x(_ time: Double) -> Double { left + min(time / maxTime, 1) * plotWidth }
        func y(_ share: Double) -> Double { top + (1 - share) * plotHeight }
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" \
            viewBox="0 0 \(width) \(height)" font-family="sans-serif" font-size="12">
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
        return svg + "</svg>\n"
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
