import Foundation
import MediationSupport

extension MediationTrace {
    /// The trace as a fixed-width text table, then the dropped entries and notes, with every value from a
    /// server or a network made terminal-safe (control and bidirectional characters escaped):
    ///
    /// ```
    /// LINE  CUSTOM EVENT                     NETWORK   START   DURATION  RESULT
    /// 0     MyTargetNativeBannerCustomEvent  myTarget  0ms     300ms     no_fill
    /// 1     GoogleCustomNativeCustomEvent    Google    300ms   450ms     loaded  <- winner
    /// ```
    public func table() -> String {
        let header = ["LINE", "CUSTOM EVENT", "NETWORK", "START", "DURATION", "RESULT"]
        let rows = entries.map { entry -> [String] in
            var result = entry.result.rawValue
            if let code = entry.errorCode, entry.result == .error { result += " (\(code))" }
            if entry.isWinner { result += "  <- winner" }
            if let detail = entry.detail { result += "  " + detail }
            return [
                entry.page == 0 ? "\(entry.line)" : "\(entry.line) (p\(entry.page))",
                entry.customEvent.terminalSafe, entry.network.terminalSafe, "\(entry.start.wholeMilliseconds)ms",
                entry.duration.map { "\($0.wholeMilliseconds)ms" } ?? "-", result.terminalSafe,
            ]
        }
        let widths = header.indices.map { column in
            ([header] + rows).map { $0[column].count }.max() ?? 0
        }
        func format(_ row: [String]) -> String {
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell.padding(toLength: widths[column] + 2, withPad: " ", startingAt: 0)
            }.joined()
        }
        var lines = [format(header)] + rows.map(format)
        if entries.isEmpty { lines.append("(no lines ran)") }
        lines += droppedEntries.map(\.description.terminalSafe)
        lines += notes.map { "note: \($0.terminalSafe)" }
        lines.append("outcome: \(outcome.terminalSafe)" + (winner.map { ", winner line \($0)" } ?? ""))
        return lines.joined(separator: "\n")
    }

    /// The trace as deterministic JSON (sorted keys, times in whole milliseconds). Beside the entries, winner, outcome,
    /// dropped entries and notes it holds the run's detail records, each only when the run has one: `auction` (the
    /// order, each entry's result and loss reason, the notices, the bid signals), `requests` (the HTTP requests the
    /// load sent), `readyAd` (a ready ad's load and wait) and `frequencyCaps` (the caps' refusals).
    public func jsonString(prettyPrinted: Bool = false) -> String {
        String(decoding: jsonData(prettyPrinted: prettyPrinted), as: UTF8.self)
    }

    /// The trace as deterministic JSON bytes.
    public func jsonData(prettyPrinted: Bool = false) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        if prettyPrinted { encoder.outputFormatting.insert(.prettyPrinted) }
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        return (try? encoder.encode(self)) ?? Data("{}".utf8)
    }
}
