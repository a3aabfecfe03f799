import Foundation

/// `mediation bench --body-cap`: what a body without `Content-Length` costs over its byte cap (docs/performance.md,
/// docs/reliability.md).
///
/// It starts its own loopback server (``BodyCapBenchServer``, python3) and, for each cap (1 MiB and 4 MiB) and each
/// framing (chunked, and until close), runs a fresh `mediation` process (``runChild(_:)``) that fetches a small body
/// through an `HTTPFetcher` (its peak resident set after that is the baseline), then the large body with the cap,
/// and reports its peak resident set (`VmHWM`) once the server has seen the connection end. The target is a peak
/// within the cap plus 8 MB of the baseline.
struct BodyCapBench: Codable, Sendable {
    /// One cap and framing, in a process of its own.
    struct Row: Codable, Sendable {
        /// The byte cap.
        var capBytes: Int
        /// `chunked` or `close` (no `Content-Length` either way).
        var framing: String
        /// What the fetch ended with: `too_large CAP status 200` when it stopped at the cap.
        var result: String
        /// The peak resident set after the warm-up fetch, in bytes.
        var baselineBytes: Int?
        /// The peak resident set once the large fetch ended and its connection closed, in bytes.
        var peakBytes: Int?
        /// From the start of the large fetch to its failure at the cap, in milliseconds.
        var milliseconds: Double
        /// Body bytes the server's kernel took before the send ended.
        var serverSentBytes: Int?
        /// Whether the client closed the connection before the end of the body.
        var closedEarly: Bool?

        /// The peak over the baseline, in bytes.
        var growthBytes: Int? {
            guard let peakBytes, let baselineBytes else { return nil }
            return peakBytes - baselineBytes
        }

        /// Whether the fetch stopped at the cap with the peak within the cap plus ``BodyCapBench/slackBytes`` of
        /// the baseline.
        var withinTarget: Bool {
            guard let growthBytes else { return false }
            return result.hasPrefix("too_large \(capBytes) ") && growthBytes <= capBytes + BodyCapBench.slackBytes
        }
    }

    /// What the target allows over the cap and the baseline: 8 MB.
    static let slackBytes = 8_000_000
    /// The caps measured: 1 MiB (the ad-response source's) and 4 MiB (the VAST wrapper hop's and the bidder's).
    static let caps = [1 << 20, 4 << 20]
    /// The framings measured; neither sends `Content-Length`.
    static let framings = ["chunked", "close"]

    /// The size of the large body.
    var bodyBytes: Int
    /// One row per cap and framing.
    var rows: [Row]

    /// Whether every row met the target.
    var allWithinTarget: Bool { rows.allSatisfy(\.withinTarget) }

    /// Runs one child process per cap and framing against a loopback server of its own.
    static func measure(bodyBytes: Int, progress: (String) -> Void) throws -> BodyCapBench {
        let server = try BodyCapBenchServer()
        defer { server.stop() }
        var rows: [Row] = []
        for capBytes in caps {
            for framing in framings {
                progress("bench body-cap: \(bodyBytes) bytes, \(framing), cap \(capBytes), in a fresh process")
                rows.append(
                    try measureRow(server: server, bodyBytes: bodyBytes, capBytes: capBytes, framing: framing))
            }
        }
        return BodyCapBench(bodyBytes: bodyBytes, rows: rows)
    }

    private static func measureRow(
        server: BodyCapBenchServer, bodyBytes: Int, capBytes: Int, framing: String
    ) throws -> Row {
        let tag = "\(capBytes)-\(framing)"
        let url = server.url(bytes: bodyBytes, framing: framing, tag: tag)
        let warmUp = server.url(bytes: 1024, framing: framing, tag: tag + "-warm-up")
        let process = Process()
        process.executableURL = childExecutable
        process.arguments = [
            "bench", "--body-cap", "--child", url.absoluteString, String(capBytes), warmUp.absoluteString,
        ]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let lines = PipeLineReader(output.fileHandleForReading)
        let baseline = lines.nextValue("BASELINE_BYTES").flatMap { Int($0) }
        let result = lines.nextValue("RESULT") ?? "no result"
        let milliseconds = lines.nextValue("MILLISECONDS").flatMap { Double($0) } ?? .nan
        // The peak is read once the connection has ended, so that what arrived until the cancel landed counts.
        let fetched = ["ok ", "too_large ", "failed "].contains { result.hasPrefix($0) }
        let sent = fetched ? server.waitForSend(of: url) : nil
        try? input.fileHandleForWriting.write(contentsOf: Data("report\n".utf8))
        let peak = lines.nextValue("PEAK_BYTES").flatMap { Int($0) }
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        return Row(
            capBytes: capBytes, framing: framing, result: result, baselineBytes: baseline, peakBytes: peak,
            milliseconds: milliseconds, serverSentBytes: sent?.bytes, closedEarly: sent?.closedEarly)
    }

    /// This executable, run again as the child.
    private static var childExecutable: URL {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: path)
        }
        return URL(fileURLWithPath: CommandLine.arguments[0])
    }

    /// The figures as a table.
    func table() -> String {
        func megabytes(_ bytes: Int?) -> String {
            bytes.map { String(format: "%.1f", Double($0) / 1_000_000) } ?? "–"
        }
        var lines = [
            "body cap without Content-Length: a \(bodyBytes)-byte body, each row in a fresh process, peak RSS (VmHWM) in MB",
            "| cap | framing | result | ms to the cap error | baseline | peak | peak − baseline | over the cap "
                + "| server sent | within cap + 8 MB |",
            "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
        ]
        for row in rows {
            let cap = row.capBytes % (1 << 20) == 0 ? "\(row.capBytes >> 20) MiB" : "\(row.capBytes) B"
            let sent = megabytes(row.serverSentBytes) + (row.closedEarly == true ? " (closed early)" : "")
            lines.append(
                "| \(cap) | \(row.framing) | \(row.result) | "
                    + String(format: "%.0f", row.milliseconds)
                    + " | \(megabytes(row.baselineBytes)) | \(megabytes(row.peakBytes)) | \(megabytes(row.growthBytes)) | "
                    + "\(megabytes(row.growthBytes.map { $0 - row.capBytes })) | \(sent) | "
                    + "\(row.withinTarget ? "yes" : "NO") |")
        }
        return lines.joined(separator: "\n")
    }
}
