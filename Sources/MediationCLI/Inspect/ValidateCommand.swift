import Foundation
import MediationCore
import MediationSupport

/// `mediation validate FILE`: lints an ad-response JSON file (`-` reads standard input).
///
/// Prints `valid: N lines` and exits 0, with entries dropped by MoPub's rules as notes on standard error; or
/// prints every problem as `PATH: REASON` (including those of entries the engine would drop and skip), then
/// `invalid: N errors`, and exits 1; past ``maximumProblemsShown`` problems it prints `… and N more`. A file
/// that cannot be read exits 1 too: one larger than ``AdResponseLimits/maximumResponseBytes`` is refused from
/// its size without being read, and a FIFO, a device or a directory is refused without reading.
enum ValidateCommand {
    /// The most problems printed; the rest are counted.
    static let maximumProblemsShown = 100

    static let usage = """
        usage: mediation validate FILE|-

        Checks an ad response (MoPub multi-ad-response JSON, see docs/waterfall.md) and prints every problem
        with its JSON path; '-' reads the response from standard input.
        Exit status: 0 valid, 1 invalid or unreadable, 2 bad usage.
        """

    /// Runs the command; `standardInput` supplies the bytes for `-` (by default at most one byte more than
    /// the limit is read from it).
    static func run(
        _ arguments: [String],
        standardInput: () -> Data = {
            BoundedFileRead.read(FileHandle.standardInput, limit: AdResponseLimits.default.maximumResponseBytes)
        }
    ) -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            print(usage)
            return 0
        }
        guard arguments.count == 1, let path = arguments.first, path == "-" || !path.hasPrefix("-") else {
            printError("mediation validate: expected exactly one FILE\n\n\(usage)")
            return 2
        }
        let data: Data
        do throws(BoundedFileRead.Failure) {
            data =
                path == "-"
                ? standardInput() : try BoundedFileRead.read(path, limit: AdResponseLimits.default.maximumResponseBytes)
        } catch {
            printError("mediation validate: cannot read \(path.terminalSafe): \(error.reason)")
            return 1
        }
        let report = report(for: data)
        for line in report.output { print(line) }
        for note in report.notes { printError(note) }
        return report.status
    }

    /// What `validate` prints for `data`: the lines for standard output, the notes for standard error and the
    /// exit status. Every value taken from the response is made terminal-safe, so a crafted value cannot print
    /// a fake `valid:` line or move the cursor.
    static func report(for data: Data) -> (output: [String], notes: [String], status: Int32) {
        do {
            let response = try AdResponse.parse(json: data)
            let count = response.lines.count
            let invalid = response.droppedEntries.filter(\.isInvalid)
            let notes = response.droppedEntries.filter { !$0.isInvalid }.map { "note: \($0.description.terminalSafe)" }
            guard invalid.isEmpty else {
                let problems = invalid.flatMap(\.errors)
                let summary =
                    "invalid: \(problems.count) \(problems.count == 1 ? "error" : "errors") "
                    + "(\(invalid.count) \(invalid.count == 1 ? "entry" : "entries") dropped, "
                    + "\(count) valid \(count == 1 ? "line" : "lines") would run)"
                return (shown(problems) + [summary], capped(notes), 1)
            }
            let bids = bidLines(response)
            return (
                ["valid: \(count) \(count == 1 ? "line" : "lines")"] + bids.output, capped(notes + bids.notes), 0
            )
        } catch {
            let count = error.errors.count
            return (
                shown(error.errors) + ["invalid: \(count) \(count == 1 ? "error" : "errors")"], [], 1
            )
        }
    }

    /// What `validate` reports about a response's bids: one line per bid (its ID, network, price, expiry and
    /// notices), and a note for each bid that would lose before any line runs (no markup, no price, a price out of
    /// range or in a currency other than USD, below the floor), with the OpenRTB loss code it would get.
    static func bidLines(_ response: AdResponse) -> (output: [String], notes: [String]) {
        let bids = response.lines.filter { $0.isBid }
        guard !bids.isEmpty else { return ([], []) }
        var output = [
            "auction: \(bids.count) \(bids.count == 1 ? "bid" : "bids")"
                + (response.auctionID.map { ", auction \($0.terminalSafe)" } ?? "")
                + (response.bidFloor.map { ", floor \($0)" } ?? "")
        ]
        var notes: [String] = []
        let losses = response.bidLossesBeforeRun()
        for (index, line) in response.lines.enumerated() {
            guard let bid = line.bid else { continue }
            let place = line.entryIndex.map { "$.ad-responses[\($0)]" } ?? "a bid"
            var parts = ["  bid \(bid.bidID ?? "(no x-bid-id)") at \(place): \(line.displayNetworkName)"]
            parts.append(
                line.price.map { "price \($0) \(line.currencyCode ?? NativeAdSource.defaultCurrencyCode)" }
                    ?? "no price")
            if let expiry = bid.expiry { parts.append("expires after \(expiry.wholeMilliseconds)ms") }
            parts.append(
                "notices: \(bid.winURLs.count) win, \(bid.lossURLs.count) loss, \(bid.billingURLs.count) billing")
            output.append(parts.joined(separator: ", ").terminalSafe)
            if let loss = losses[index] {
                notes.append(
                    "note: \(place): \(loss.detail); it never loads and loses with code \(loss.reason.rawValue)")
            }
        }
        return (output, notes.map(\.terminalSafe))
    }

    /// The first ``maximumProblemsShown`` problems, one a line, then `… and N more` when there are more.
    static func shown(_ problems: [MediationError]) -> [String] {
        capped(problems.map(\.description.terminalSafe))
    }

    /// The first ``maximumProblemsShown`` lines, then `… and N more` when there are more.
    static func capped(_ lines: [String]) -> [String] {
        let more = lines.count - maximumProblemsShown
        return more > 0 ? Array(lines.prefix(maximumProblemsShown)) + ["… and \(more) more"] : lines
    }
}
