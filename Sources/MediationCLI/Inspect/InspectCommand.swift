import Foundation
import MediationCore
import MediationSupport

/// `mediation inspect TRACE.json --out FILE`: renders a trace a host saved from its logs
/// (``MediationTrace/jsonData(prettyPrinted:)``) as the mediation inspector's HTML page.
enum InspectCommand {
    /// The largest trace file read: traces are small, and a larger file is refused from its size.
    static let maximumTraceBytes = 16 * 1024 * 1024

    static let usage = """
        usage: mediation inspect TRACE.json|- --out FILE [--title TEXT]

        Renders a mediation trace (the JSON of MediationTrace.jsonString(), as a host logs it; '-' reads standard
        input) as the mediation inspector's self-contained HTML page: the timeline, the lines, the auction order
        with loss reasons and notices, and the bid signals sent. A saved trace carries no privacy settings,
        winning ad or adapters; 'mediation demo --inspect FILE' shows a page with all of them.
          --out FILE      where to write the page
          --title TEXT    the page's heading (default: the trace file's name)
        Exit status: 0 written, 1 unreadable or invalid trace or unwritable page, 2 bad usage.
        """

    /// Runs the command; `standardInput` supplies the bytes for `-`.
    static func run(
        _ arguments: [String],
        standardInput: () -> Data = { BoundedFileRead.read(FileHandle.standardInput, limit: maximumTraceBytes) }
    ) -> Int32 {
        var tracePath: String?
        var outPath: String?
        var title: String?
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--help", "-h":
                print(usage)
                return 0
            case "--out", "--title":
                guard let value = remaining.popFirst() else {
                    return usageError("\(argument) needs a value")
                }
                if argument == "--out" { outPath = value } else { title = value }
            case let path where path == "-" || !path.hasPrefix("-"):
                guard tracePath == nil else { return usageError("expected one TRACE file, got a second: \(path)") }
                tracePath = path
            default:
                return usageError("unknown option '\(argument)'")
            }
        }
        guard let tracePath else { return usageError("expected a TRACE file") }
        guard let outPath else { return usageError("--out FILE is required") }
        let data: Data
        do throws(BoundedFileRead.Failure) {
            data = tracePath == "-" ? standardInput() : try BoundedFileRead.read(tracePath, limit: maximumTraceBytes)
        } catch {
            printError("mediation inspect: cannot read \(tracePath.terminalSafe): \(error.reason)")
            return 1
        }
        let trace: MediationTrace
        do {
            trace = try MediationTrace.decode(json: data)
        } catch {
            printError(
                "mediation inspect: \(tracePath.terminalSafe) is not a mediation trace: \(error.description.terminalSafe)"
            )
            return 1
        }
        let inspection = MediationInspection(
            title: title ?? (tracePath == "-" ? "standard input" : URL(fileURLWithPath: tracePath).lastPathComponent),
            trace: trace)
        let file = URL(fileURLWithPath: outPath)
        do {
            try MediationInspector.htmlPage(for: inspection).write(to: file, atomically: true, encoding: .utf8)
        } catch {
            printError("mediation inspect: cannot write \(outPath.terminalSafe): \(fileErrorReason(error))")
            return 1
        }
        print(
            "mediation inspect: wrote \(file.standardizedFileURL.path.terminalSafe) (\(trace.entries.count) entries, outcome \(trace.outcome.terminalSafe))"
        )
        return 0
    }

    private static func usageError(_ message: String) -> Int32 {
        printError("mediation inspect: \(message.terminalSafe)\n\n\(usage)")
        return 2
    }
}
