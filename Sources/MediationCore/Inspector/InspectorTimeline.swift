/// The inspector's timeline: one row per line attempt (and per bid that never ran), bars on a shared
/// millisecond scale, drawn as inline SVG.
struct InspectorTimeline {
    /// One row of the timeline.
    struct Row {
        var label: String
        var entry: MediationTraceEntry?
        /// Why a bid never ran, for a row without an entry.
        var notRun: String?
        /// Whether the line started while another was still loading (a hedge).
        var isHedge = false
        /// Callbacks the engine dropped for this line.
        var droppedCallbacks: [MediationTraceEntry] = []
    }

    let rows: [Row]
    /// When the outcome was decided, from the start of the run.
    let decision: Duration?
    /// The winner's own latency, when there is a winner.
    let winnerLatency: Duration?
    let bound: Duration?
    /// The right edge of the scale, in milliseconds.
    let spanMilliseconds: Int64
    /// The tick step, in milliseconds.
    let tickMilliseconds: Int64

    static let labelWidth = 250
    static let plotWidth = 600
    static let rowHeight = 26
    static let top = 52
    static var width: Int { labelWidth + plotWidth + 24 }

    init(_ inspection: MediationInspection) {
        let trace = inspection.trace
        let attempts = trace.entries.filter { !InspectorOutcome($0).isDroppedCallback }
        func end(_ entry: MediationTraceEntry) -> Duration? { entry.duration.map { entry.start + $0 } }
        var rows = attempts.map { entry in
            Row(
                label: "\(entry.line)  \(entry.network)  \(entry.customEvent)", entry: entry,
                isHedge: entry.start > .zero
                    && attempts.contains { other in
                        other.start < entry.start && (end(other).map { $0 > entry.start } ?? true)
                    })
        }
        for dropped in trace.entries where InspectorOutcome(dropped).isDroppedCallback {
            if let index = rows.lastIndex(where: { $0.entry?.line == dropped.line }) {
                rows[index].droppedCallbacks.append(dropped)
            } else {
                rows.append(
                    Row(label: "\(dropped.line)  \(dropped.network)", entry: nil, droppedCallbacks: [dropped]))
            }
        }
        let ranLines = Set(attempts.map(\.line))
        for bid in trace.auction?.order ?? [] where bid.line.map({ !ranLines.contains($0) }) ?? true {
            rows.append(
                Row(
                    label: (bid.line.map { "\($0)" } ?? bid.kind.rawValue) + "  \(bid.network)  \(bid.customEvent)",
                    entry: nil,
                    notRun: "not run" + ((bid.detail ?? bid.lossReason?.name).map { ": \($0)" } ?? "")))
        }
        self.rows = rows
        let winner = trace.winningEntry
        winnerLatency = winner?.duration
        if let decidedAt = inspection.decidedAt {
            decision = decidedAt
        } else if let winner, let winnerEnd = end(winner) {
            // A held winner is delivered once every line above it has ended.
            decision = attempts.filter { $0.line < winner.line }.compactMap(end).reduce(winnerEnd, max)
        } else {
            decision = attempts.compactMap(end).max()
        }
        bound = inspection.bound
        let latest = trace.entries.map { end($0) ?? $0.start }.max() ?? .zero
        var span =
            [latest, decision ?? .zero, winnerLatency ?? .zero].map(MediationInspector.wholeMilliseconds).max() ?? 0
        if let bound, MediationInspector.wholeMilliseconds(bound) <= max(span, 1) * 3 / 2 {
            span = max(span, MediationInspector.wholeMilliseconds(bound))
        }
        span = max(span, 10)
        var step: Int64 = 1
        search: while true {
            for factor: Int64 in [1, 2, 5] where span / (step * factor) <= 8 {
                step *= factor
                break search
            }
            step *= 10
        }
        tickMilliseconds = step
        spanMilliseconds = (span + step - 1) / step * step
    }

    /// The x coordinate of `duration` on the scale (clamped to the plot).
    func x(_ duration: Duration) -> Int {
        let milliseconds = min(max(MediationInspector.wholeMilliseconds(duration), 0), spanMilliseconds)
        return Self.labelWidth + Int(milliseconds * Int64(Self.plotWidth) / spanMilliseconds)
    }

    private static func text(_ value: String) -> String { MediationInspector.text(value) }

    /// `value` cut to `limit` characters with an ellipsis.
    private static func truncated(_ value: String, _ limit: Int) -> String {
        value.count <= limit ? value : String(value.prefix(limit - 1)) + "…"
    }

    /// The SVG drawing.
    func svg() -> String {
        let height = Self.top + max(rows.count, 1) * Self.rowHeight + 8
        let plotEnd = Self.labelWidth + Self.plotWidth
        var svg =
            "<svg class=\"timeline\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(Self.width) \(height)\""
            + " width=\"\(Self.width)\" height=\"\(height)\" role=\"img\" aria-label=\"timeline of the run\""
            + " font-family=\"sans-serif\" font-size=\"11\">\n"
        // Rows' backgrounds and the grid.
        for index in rows.indices where index % 2 == 1 {
            svg +=
                "<rect x=\"0\" y=\"\(Self.top + index * Self.rowHeight)\" width=\"\(plotEnd)\""
                + " height=\"\(Self.rowHeight)\" fill=\"#f6f8fa\"/>\n"
        }
        var tick: Int64 = 0
        while tick <= spanMilliseconds {
            let x = x(.milliseconds(tick))
            svg += "<line x1=\"\(x)\" y1=\"\(Self.top - 4)\" x2=\"\(x)\" y2=\"\(height - 8)\" stroke=\"#d8dee4\"/>"
            svg += "<text x=\"\(x)\" y=\"\(Self.top - 8)\" text-anchor=\"middle\" fill=\"#6e7781\">\(tick)ms</text>\n"
            tick += tickMilliseconds
        }
        for (index, row) in rows.enumerated() {
            svg += rowSVG(row, y: Self.top + index * Self.rowHeight)
        }
        if rows.isEmpty {
            svg += "<text x=\"\(Self.labelWidth)\" y=\"\(Self.top + 17)\" fill=\"#6e7781\">no line ran</text>\n"
        }
        svg += referenceLines(height: height)
        return svg + "</svg>\n"
    }

    private func rowSVG(_ row: Row, y: Int) -> String {
        let middle = y + Self.rowHeight / 2
        var svg =
            "<g class=\"row\"><text x=\"6\" y=\"\(middle + 4)\" fill=\"#24292f\">"
            + "\(Self.text(Self.truncated(row.label, 40)))</text>\n"
        if let entry = row.entry {
            let outcome = InspectorOutcome(entry)
            let start = x(entry.start)
            let end: Int
            switch (entry.duration, outcome) {
            case (let duration?, _): end = max(x(entry.start + duration), start + 2)
            case (nil, .loading): end = Self.labelWidth + Self.plotWidth
            case (nil, _): end = start + 2
            }
            let label = outcome.label + (entry.duration.map { " \(MediationInspector.wholeMilliseconds($0))ms" } ?? "")
            svg +=
                "<rect class=\"bar o-\(outcome.cssClass)\" x=\"\(start)\" y=\"\(y + 6)\" width=\"\(end - start)\""
                + " height=\"\(Self.rowHeight - 12)\" rx=\"2\" fill=\"\(outcome.colour)\"><title>"
                + Self.text("line \(entry.line): \(label)" + (entry.detail.map { " (\($0))" } ?? ""))
                + "</title></rect>\n"
            if entry.isWinner {
                svg +=
                    "<rect x=\"\(start - 1)\" y=\"\(y + 5)\" width=\"\(end - start + 2)\""
                    + " height=\"\(Self.rowHeight - 10)\" rx=\"3\" fill=\"none\" stroke=\"#0b4f1f\" stroke-width=\"1.5\"/>"
            }
            // The label goes right of the bar, else left of it, else inside it: never over the row's name.
            let plotEnd = Self.labelWidth + Self.plotWidth
            let labelWidth = label.count * 6 + 8
            if end + labelWidth < plotEnd {
                svg += "<text x=\"\(end + 5)\" y=\"\(middle + 4)\" fill=\"#424a53\">\(Self.text(label))</text>\n"
            } else if start - labelWidth > Self.labelWidth {
                svg +=
                    "<text x=\"\(start - 5)\" y=\"\(middle + 4)\" text-anchor=\"end\""
                    + " fill=\"#424a53\">\(Self.text(label))</text>\n"
            } else {
                svg += "<text x=\"\(start + 5)\" y=\"\(middle + 4)\" fill=\"#fff\">\(Self.text(label))</text>\n"
            }
            if row.isHedge {
                svg +=
                    "<path class=\"hedge\" d=\"M\(start) \(y + Self.rowHeight - 6)l-5 6h10z\" fill=\"#0969da\">"
                    + "<title>hedge start at \(MediationInspector.wholeMilliseconds(entry.start))ms</title></path>\n"
            }
        } else if let notRun = row.notRun {
            svg +=
                "<text x=\"\(Self.labelWidth + 4)\" y=\"\(middle + 4)\" fill=\"#6e7781\" font-style=\"italic\">"
                + "\(Self.text(Self.truncated(notRun, 90)))</text>\n"
        }
        for dropped in row.droppedCallbacks {
            let outcome = InspectorOutcome(dropped)
            let x = x(dropped.start)
            svg +=
                "<path class=\"marker o-\(outcome.cssClass)\" d=\"M\(x) \(y + 3)l6 10l-6 10l-6-10z\""
                + " fill=\"\(outcome.colour)\" stroke=\"#fff\"><title>"
                + Self.text(
                    "\(outcome.label) at \(MediationInspector.wholeMilliseconds(dropped.start))ms"
                        + (dropped.detail.map { ": \($0)" } ?? ""))
                + "</title></path>\n"
        }
        return svg + "</g>\n"
    }

    private func referenceLines(height: Int) -> String {
        var svg = ""
        var labels: [(x: Int, text: String, colour: String)] = []
        func line(_ duration: Duration, _ text: String, colour: String, dash: String) {
            let x = x(duration)
            svg +=
                "<line class=\"reference\" x1=\"\(x)\" y1=\"\(Self.top - 2)\" x2=\"\(x)\" y2=\"\(height - 6)\""
                + " stroke=\"\(colour)\" stroke-width=\"1.5\" stroke-dasharray=\"\(dash)\"/>\n"
            labels.append((x, text, colour))
        }
        if let decision {
            line(
                decision, "decision \(MediationInspector.wholeMilliseconds(decision))ms", colour: "#24292f", dash: "5 3"
            )
        }
        if let winnerLatency {
            line(
                winnerLatency, "winner alone \(MediationInspector.wholeMilliseconds(winnerLatency))ms",
                colour: "#1a7f37", dash: "2 2")
        }
        if let bound {
            if MediationInspector.wholeMilliseconds(bound) <= spanMilliseconds {
                line(
                    bound, "bound \(MediationInspector.wholeMilliseconds(bound))ms", colour: "#cf222e", dash: "6 2 1 2")
            } else {
                labels.append(
                    (
                        Self.labelWidth + Self.plotWidth, "bound \(MediationInspector.wholeMilliseconds(bound))ms →",
                        "#cf222e"
                    ))
            }
        }
        // Labels stack in the top band so that close lines do not overwrite each other.
        for (index, label) in labels.sorted(by: { $0.x < $1.x }).enumerated() {
            let anchor = label.x > Self.labelWidth + Self.plotWidth - 80 ? "end" : "start"
            svg +=
                "<text x=\"\(label.x + (anchor == "end" ? -3 : 3))\" y=\"\(10 + (index % 3) * 11)\""
                + " text-anchor=\"\(anchor)\" fill=\"\(label.colour)\" font-weight=\"bold\">"
                + "\(Self.text(label.text))</text>\n"
        }
        return svg
    }

    /// The legend under the drawing: every outcome colour and the marks.
    func legend() -> String {
        var html = "<div class=\"legend\">"
        for outcome in InspectorOutcome.allCases {
            html += "<span><i class=\"o-\(outcome.cssClass)\"></i>\(Self.text(outcome.label))</span>"
        }
        html += "<span>▲ hedge start</span><span>◆ dropped callback</span>"
        html += "<span>┆ decision, winner alone, bound</span></div>\n"
        return html
    }
}
