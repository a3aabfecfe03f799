import Foundation
import MediationCore

/// `mediation validate FILE`: lints an ad-response JSON file.
///
/// Prints `valid: N lines` and exits 0, with dropped entries as notes on standard error; or prints every
/// problem as `PATH: REASON`, then `invalid: N errors`, and exits 1. A file that cannot be read exits 1 too.
enum ValidateCommand {
    static let usage = """
        usage: mediation validate FILE

        Checks an ad response (MoPub multi-ad-response JSON, see docs/waterfall.md) and prints every problem
        with its JSON path. Exit status: 0 valid, 1 invalid or unreadable, 2 bad usage.
        """

    static func run(_ arguments: [String]) -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            print(usage)
            return 0
        }
        guard arguments.count == 1, let path = arguments.first, !path.hasPrefix("-") else {
            printError("mediation validate: expected exactly one FILE\n\n\(usage)")
            return 2
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            printError("mediation validate: cannot read \(path): \(Self.reason(error))")
            return 1
        }
        do {
            let response = try AdResponse.parse(json: data)
            let count = response.lines.count
            print("valid: \(count) \(count == 1 ? "line" : "lines")")
            for dropped in response.droppedEntries { printError("note: \(dropped)") }
            return 0
        } catch {
            for problem in error.errors { print(problem.description) }
            let count = error.errors.count
            print("invalid: \(count) \(count == 1 ? "error" : "errors")")
            return 1
        }
    }

    private static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if nsError.domain == NSCocoaErrorDomain, nsError.code == NSFileReadNoSuchFileError {
            return "no such file"
        }
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError {
            return underlying.localizedDescription
        }
        return nsError.localizedDescription
    }
}
