import Foundation
import MediationCore
import MediationSupport

/// The `mediation` executable: `demo`, `inspect`, `validate`, `vast`, `openrtb`, `conformance`, `new-adapter`,
/// `bench`, `soak`.
@main
struct MediationCommand {
    /// The version `mediation --version` prints.
    static let version = MediationKitVersion.current

    static let usage = """
        usage: mediation <command> [options]
               mediation help <command>
               mediation --version

        commands:
          demo          run the bundled waterfall over the sandbox networks; print the trace and the winning ad
          inspect       render a saved mediation trace (JSON) as the inspector's HTML page
          validate      lint an ad-response JSON file (or standard input with '-')
          vast          parse a VAST document or tag URL, follow its wrappers, print ads, media choice and trackers
          openrtb       map OpenRTB Native markup or a bid response's bids onto the unified ad
          conformance   run the adapter conformance kit over every built-in adapter
          new-adapter   write a compiling adapter skeleton for a new network
          bench         measure every strategy's time to fill and requests on a seeded simulated workload
          soak          run 100,000 loads over misbehaving networks; check each ends once; report memory

        options take their value as the next argument or after '=' (--strategy hedged, --strategy=hedged);
        run 'mediation help <command>' or 'mediation <command> --help' for a command's options
        """

    /// Each command's own help text, by name.
    static let commandUsages: [String: String] = [
        "demo": DemoCommand.usage,
        "validate": ValidateCommand.usage,
        "inspect": InspectCommand.usage,
        "vast": VASTCommand.usage,
        "openrtb": OpenRTBCommand.usage,
        "conformance": ConformanceCommand.usage,
        "new-adapter": NewAdapterCommand.usage,
        "bench": BenchCommand.usage,
        "soak": SoakCommand.usage,
    ]

    static func main() async {
        exit(await run(Array(CommandLine.arguments.dropFirst())))
    }

    /// Runs the command line (without the program name) and returns the exit status: 0 done, 1 failed, 2 bad usage.
    static func run(_ commandLine: [String]) async -> Int32 {
        var arguments = splittingInlineValues(commandLine)
        guard let command = arguments.first else {
            printError(usage)
            return 2
        }
        arguments.removeFirst()
        switch command {
        case "demo": return await DemoCommand.run(arguments)
        case "validate": return ValidateCommand.run(arguments)
        case "inspect": return InspectCommand.run(arguments)
        case "vast": return await VASTCommand.run(arguments)
        case "openrtb": return OpenRTBCommand.run(arguments)
        case "conformance": return await ConformanceCommand.run(arguments)
        case "new-adapter": return NewAdapterCommand.run(arguments)
        case "bench":
            if arguments.contains("--body-cap") { return BodyCapBench.run(arguments) }
            return arguments.contains("--vast") ? await BenchCommand.runVAST(arguments) : BenchCommand.run(arguments)
        case "soak": return SoakCommand.run(arguments)
        case "--version", "version":
            print("mediation \(version)")
            return 0
        case "help", "--help", "-h":
            return help(for: arguments)
        default:
            printError("mediation: unknown command '\(command)'\n\n\(usage)")
            return 2
        }
    }

    /// `mediation help [COMMAND]`: prints the general usage, or one command's own help.
    static func help(for arguments: [String]) -> Int32 {
        guard let text = helpText(for: arguments) else {
            printError("mediation help: unknown command '\(arguments.joined(separator: " "))'\n\n\(usage)")
            return 2
        }
        print(text)
        return 0
    }

    /// The help `mediation help ARGUMENTS` prints: the general usage with no argument, the command's own
    /// usage for one known command, `nil` otherwise.
    static func helpText(for arguments: [String]) -> String? {
        guard let topic = arguments.first else { return usage }
        guard arguments.count == 1 else { return nil }
        return commandUsages[topic]
    }

    /// Turns every `--option=value` into `--option value`, so that each command's parser sees one form.
    ///
    /// Only long options are split, at the first `=`; a lone `--` and everything after it are left alone.
    static func splittingInlineValues(_ arguments: [String]) -> [String] {
        var result: [String] = []
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "--" {
                result.append(argument)
                result += remaining
                break
            }
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                result.append(String(argument[..<equals]))
                result.append(String(argument[argument.index(after: equals)...]))
            } else {
                result.append(argument)
            }
        }
        return result
    }
}

/// Writes `message` and a newline to standard error, each of its lines made terminal-safe (a last line of defence:
/// callers still escape each value they quote, so that a value cannot start a line of its own).
func printError(_ message: String) {
    let lines = message.split(separator: "\n", omittingEmptySubsequences: false).map { String($0).terminalSafe }
    FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
}
