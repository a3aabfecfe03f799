import MediationSupport

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
        let hedges = Self.hedges(attempts)
        var rows = zip(attempts, hedges).map { entry, isHedge in
            Row(label: "\(entry.line)  \(entry.network)  \(entry.customEvent)", entry: entry, isHedge: isHedge)
        }
        // A dropped callback goes on the row of its line's last attempt: each line's last row, found once.
        var lastRowOfLine: [Int: Int] = [:]
        lastRowOfLine.reserveCapacity(attempts.count)
        for (index, entry) in attempts.enumerated() { lastRowOfLine[entry.line] = index }
        for dropped in trace.entries where InspectorOutcome(dropped).isDroppedCallback {
            if let index = lastRowOfLine[dropped.line] {
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
            [latest, decision ?? .zero, winnerLatency ?? .zero].map(\.wholeMilliseconds).max() ?? 0
        if let bound, bound.wholeMilliseconds <= max(span, 1) * 3 / 2 {
            span = max(span, bound.wholeMilliseconds)
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

    /// Whether each of `attempts` is a hedge: it started after the run's start while an attempt that started
    /// strictly before it was still loading (is still `loading`, or ends after it started). An attempt that has
    /// no duration because it never loaded (skipped, capped, no adapter) was not loading.
    ///
    /// One sweep over the attempts in order of start, keeping the latest end of those that started earlier (and
    /// whether one of them never ended): O(n log n) for the sort, where asking every attempt for every attempt
    /// was O(n²).
    static func hedges(_ attempts: [MediationTraceEntry]) -> [Bool] {
        var hedges = [Bool](repeating: false, count: attempts.count)
        let order = attempts.indices.sorted { attempts[$0].start < attempts[$1].start }
        var latestEnd: Duration?
        var anEarlierOneNeverEnded = false
        var group = order.startIndex
        while group < order.endIndex {
            // The attempts that started at the same instant are not earlier than each other.
            let start = attempts[order[group]].start
            var groupEnd = group + 1
            while groupEnd < order.endIndex, attempts[order[groupEnd]].start == start { groupEnd += 1 }
            let isHedge = start > .zero && (anEarlierOneNeverEnded || latestEnd.map { $0 > start } ?? false)
            for index in order[group..<groupEnd] {
                hedges[index] = isHedge
                if let duration = attempts[index].duration {
                    latestEnd = max(latestEnd ?? start + duration, start + duration)
                } else if attempts[index].result == .loading {
                    anEarlierOneNeverEnded = true
                }
                // Any other entry without a duration (a skipped or capped line, a missing adapter) never loaded:
                // it ended where it started, so it makes no later line a hedge.
            }
            group = groupEnd
        }
        return hedges
    }

    /// The x coordinate of `duration` on the scale (clamped to the plot).
    func x(_ duration: Duration) -> Int {
        let milliseconds = min(max(duration.wholeMilliseconds, 0), spanMilliseconds)
        return Self.labelWidth + Int(milliseconds * Int64(Self.plotWidth) / spanMilliseconds)
    }

    private static func text(_ value: String) -> String { MediationInspector.text(value) }

    /// The length of `value` in decimal, its sign included.
    private static func decimalLength(_ value: Int64) -> Int {
        var length = value < 0 ? 2 : 1
        var magnitude = value.magnitude
        while magnitude >= 10 {
            magnitude /= 10
            length += 1
        }
        return length
    }

    /// `value` cut to `limit` characters with an ellipsis.
    private static func truncated(_ value: String, _ limit: Int) -> String {
        // No more bytes than the limit is no more characters: most names are decided without counting them.
        value.utf8.count <= limit || value.count <= limit ? value : String(value.prefix(limit - 1)) + "…"
    }

    /// Writes the SVG drawing to `page`: every row straight into the page, so a row costs the same however many
    /// rows there are.
    func writeSVG(to page: inout InspectorHTMLWriter) {
        let height = Self.top + max(rows.count, 1) * Self.rowHeight + 8
        let plotEnd = Self.labelWidth + Self.plotWidth
        page.markup("<svg class=\"timeline\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 ")
        page.number(Self.width)
        page.markup(" ")
        page.number(height)
        page.markup("\" width=\"")
        page.number(Self.width)
        page.markup("\" height=\"")
        page.number(height)
        page.markup("\" role=\"img\" aria-label=\"timeline of the run\" font-family=\"sans-serif\" font-size=\"11\">\n")
        // Rows' backgrounds and the grid.
        for index in rows.indices where index % 2 == 1 {
            page.markup("<rect x=\"0\" y=\"")
            page.number(Self.top + index * Self.rowHeight)
            page.markup("\" width=\"")
            page.number(plotEnd)
            page.markup("\" height=\"")
            page.number(Self.rowHeight)
            page.markup("\" fill=\"#f6f8fa\"/>\n")
        }
        var tick: Int64 = 0
        while tick <= spanMilliseconds {
            let x = x(.milliseconds(tick))
            page.markup(
                "<line x1=\"\(x)\" y1=\"\(Self.top - 4)\" x2=\"\(x)\" y2=\"\(height - 8)\" stroke=\"#d8dee4\"/>"
                    + "<text x=\"\(x)\" y=\"\(Self.top - 8)\" text-anchor=\"middle\" fill=\"#6e7781\">\(tick)ms</text>\n"
            )
            tick += tickMilliseconds
        }
        for index in rows.indices {
            writeRow(rows[index], y: Self.top + index * Self.rowHeight, to: &page)
        }
        if rows.isEmpty {
            page.markup("<text x=\"\(Self.labelWidth)\" y=\"\(Self.top + 17)\" fill=\"#6e7781\">no line ran</text>\n")
        }
        page.markup(referenceLines(height: height))
        page.markup("</svg>\n")
    }

    private func writeRow(_ row: Row, y: Int, to page: inout InspectorHTMLWriter) {
        let middle = y + Self.rowHeight / 2
        page.markup("<g class=\"row\"><text x=\"6\" y=\"")
        page.number(middle + 4)
        page.markup("\" fill=\"#24292f\">")
        page.text(Self.truncated(row.label, 40))
        page.markup("</text>\n")
        if let entry = row.entry {
            let outcome = InspectorOutcome(entry)
            let start = x(entry.start)
            let end: Int
            switch (entry.duration, outcome) {
            case (let duration?, _): end = max(x(entry.start + duration), start + 2)
            case (nil, .loading): end = Self.labelWidth + Self.plotWidth
            case (nil, _): end = start + 2
            }
            let milliseconds = entry.duration.map(\.wholeMilliseconds)
            // The label, `OUTCOME[ NNNms]`, is ASCII: a character a byte.
            let labelWidth = (outcome.label.utf8.count + (milliseconds.map { 3 + Self.decimalLength($0) } ?? 0)) * 6 + 8
            func writeLabel() {
                page.text(outcome.label)
                if let milliseconds {
                    page.markup(" ")
                    page.number(milliseconds)
                    page.markup("ms")
                }
            }
            page.markup("<rect class=\"bar o-")
            page.markup(outcome.cssClass)
            page.markup("\" x=\"")
            page.number(start)
            page.markup("\" y=\"")
            page.number(y + 6)
            page.markup("\" width=\"")
            page.number(end - start)
            page.markup("\" height=\"")
            page.number(Self.rowHeight - 12)
            page.markup("\" rx=\"2\" fill=\"")
            page.markup(outcome.colour)
            page.markup("\"><title>line ")
            page.number(entry.line)
            page.markup(": ")
            writeLabel()
            if let detail = entry.detail {
                page.markup(" (")
                page.text(detail)
                page.markup(")")
            }
            page.markup("</title></rect>\n")
            if entry.isWinner {
                page.markup("<rect x=\"")
                page.number(start - 1)
                page.markup("\" y=\"")
                page.number(y + 5)
                page.markup("\" width=\"")
                page.number(end - start + 2)
                page.markup("\" height=\"")
                page.number(Self.rowHeight - 10)
                page.markup("\" rx=\"3\" fill=\"none\" stroke=\"#0b4f1f\" stroke-width=\"1.5\"/>")
            }
            // The label goes right of the bar, else left of it, else inside it: never over the row's name.
            let plotEnd = Self.labelWidth + Self.plotWidth
            if end + labelWidth < plotEnd {
                page.markup("<text x=\"")
                page.number(end + 5)
                page.markup("\" y=\"")
                page.number(middle + 4)
                page.markup("\" fill=\"#424a53\">")
            } else if start - labelWidth > Self.labelWidth {
                page.markup("<text x=\"")
                page.number(start - 5)
                page.markup("\" y=\"")
                page.number(middle + 4)
                page.markup("\" text-anchor=\"end\" fill=\"#424a53\">")
            } else {
                page.markup("<text x=\"")
                page.number(start + 5)
                page.markup("\" y=\"")
                page.number(middle + 4)
                page.markup("\" fill=\"#fff\">")
            }
            writeLabel()
            page.markup("</text>\n")
            if row.isHedge {
                page.markup("<path class=\"hedge\" d=\"M")
                page.number(start)
                page.markup(" ")
                page.number(y + Self.rowHeight - 6)
                page.markup("l-5 6h10z\" fill=\"#0969da\"><title>hedge start at ")
                page.number(entry.start.wholeMilliseconds)
                page.markup("ms</title></path>\n")
            }
        } else if let notRun = row.notRun {
            page.markup("<text x=\"")
            page.number(Self.labelWidth + 4)
            page.markup("\" y=\"")
            page.number(middle + 4)
            page.markup("\" fill=\"#6e7781\" font-style=\"italic\">")
            page.text(Self.truncated(notRun, 90))
            page.markup("</text>\n")
        }
        for dropped in row.droppedCallbacks {
            let outcome = InspectorOutcome(dropped)
            page.markup("<path class=\"marker o-")
            page.markup(outcome.cssClass)
            page.markup("\" d=\"M")
            page.number(x(dropped.start))
            page.markup(" ")
            page.number(y + 3)
            page.markup("l6 10l-6 10l-6-10z\" fill=\"")
            page.markup(outcome.colour)
            page.markup("\" stroke=\"#fff\"><title>")
            page.text(outcome.label)
            page.markup(" at ")
            page.number(dropped.start.wholeMilliseconds)
            page.markup("ms")
            if let detail = dropped.detail {
                page.markup(": ")
                page.text(detail)
            }
            page.markup("</title></path>\n")
        }
        page.markup("</g>\n")
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
                decision, "decision \(decision.wholeMilliseconds)ms", colour: "#24292f", dash: "5 3"
            )
        }
        if let winnerLatency {
            line(
                winnerLatency, "winner alone \(winnerLatency.wholeMilliseconds)ms",
                colour: "#1a7f37", dash: "2 2")
        }
        if let bound {
            if bound.wholeMilliseconds <= spanMilliseconds {
                line(
                    bound, "bound \(bound.wholeMilliseconds)ms", colour: "#cf222e", dash: "6 2 1 2")
            } else {
                labels.append(
                    (
                        Self.labelWidth + Self.plotWidth, "bound \(bound.wholeMilliseconds)ms →",
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
