import Foundation

/// The `mediation` executable: `demo`, `validate`, `conformance`, `new-adapter`.
@main
struct MediationCommand {
    static let usage = """
        usage: mediation <command> [options]

        commands:
          demo          run the bundled waterfall over the sandbox networks; print the trace and the winning ad
          validate      lint an ad-response JSON file
          conformance   run the adapter conformance kit over every built-in adapter
          new-adapter   write a compiling adapter skeleton for a new network

        run 'mediation <command> --help' for a command's options
        """

    static func main() async {
        var arguments = Array(CommandLine.arguments.dropFirst())
        guard let command = arguments.first else {
            FileHandle.standardError.write(Data((usage + "\n").utf8))
            exit(2)
        }
        arguments.removeFirst()
        let status: Int32
        switch command {
        case "demo": status = await DemoCommand.run(arguments)
        case "validate": status = ValidateCommand.run(arguments)
        case "conformance": status = await ConformanceCommand.run(arguments)
        case "new-adapter": status = NewAdapterCommand.run(arguments)
        case "help", "--help", "-h":
            print(usage)
            status = 0
        default:
            FileHandle.standardError.write(Data("mediation: unknown command '\(command)'\n\n\(usage)\n".utf8))
            status = 2
        }
        exit(status)
    }
}

/// Writes `message` and a newline to standard error.
func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
