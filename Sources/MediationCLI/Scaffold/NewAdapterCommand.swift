import Foundation
import MediationScaffold

/// `mediation new-adapter NAME --out DIR [--mediationkit PATH] [--format native|instream [--media video|audio|both]
/// [--source sdk|vast]]`: writes a compiling adapter package for a new network that depends on MediationKit by path
/// and passes the (native or in-stream) conformance kit, strictly, as generated.
enum NewAdapterCommand {
    static let usage = """
        usage: mediation new-adapter NAME --out DIR [--mediationkit PATH] [--format native|instream]
                                     [--media video|audio|both] [--source sdk|vast]

          NAME                 the network's name, used as the type prefix (like Acme: AcmeNativeCustomEvent)
          --out DIR            where to write the package; must be new or empty
          --mediationkit PATH  the MediationKit package to depend on (default: the current folder, when it
                               holds MediationKit)
          --format FORMAT      native (default): a native ad adapter; instream: an in-stream adapter (SDK surface,
                               custom event, stand-in network, in-stream conformance test)
          --media MEDIA        in-stream only: video, audio or both (default both)
          --source SOURCE      in-stream only: sdk (default): the SDK plays its ads itself; vast: the SDK returns
                               VAST (a tag call) or takes a bid's VAST markup, played by MediationKit's VAST
                               playback (the adapter imports MediationBridge and MediationVAST)
        """

    /// The parsed command line.
    struct Arguments: Equatable {
        var name: String
        var output: String
        var mediationKitPath: String?
        var format: ScaffoldFormat = .native
    }

    static func run(_ arguments: [String]) -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            print(usage)
            return 0
        }
        let parsed: Arguments
        switch parse(arguments) {
        case .success(let value): parsed = value
        case .failure(let error):
            printError("mediation new-adapter: \(error.message)\n\n\(usage)")
            return 2
        }
        do {
            let kitPath = parsed.mediationKitPath ?? FileManager.default.currentDirectoryPath
            let scaffold = try AdapterScaffold(
                networkName: parsed.name, mediationKitPath: kitPath, format: parsed.format)
            let written = try scaffold.write(to: parsed.output)
            print("wrote \(scaffold.moduleName) (\(written.count) files) to \(parsed.output):")
            for path in written { print("  \(path)") }
            let kit = parsed.format == .native ? "conformance kit" : "in-stream conformance kit"
            print("next: cd \(parsed.output) && swift test    # runs the \(kit) on the new adapter, strictly")
            return 0
        } catch {
            printError("mediation new-adapter: \(error)")
            return 1
        }
    }

    /// A usage error's message.
    struct UsageError: Error, Equatable {
        let message: String
    }

    static func parse(_ arguments: [String]) -> Result<Arguments, UsageError> {
        var name: String?
        var output: String?
        var kitPath: String?
        var format: String?
        var media: String?
        var source: String?
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--format", "--media", "--source":
                guard let value = remaining.popFirst(), !value.isEmpty, !value.hasPrefix("--") else {
                    return .failure(UsageError(message: "\(argument) needs a value"))
                }
                switch argument {
                case "--format": format = value
                case "--media": media = value
                default: source = value
                }
            case "--out", "--mediationkit":
                guard let value = remaining.popFirst(), !value.isEmpty, !value.hasPrefix("--") else {
                    return .failure(UsageError(message: "\(argument) needs a path"))
                }
                if argument == "--out" { output = value } else { kitPath = value }
            case let option where option.hasPrefix("-"):
                return .failure(UsageError(message: "unknown option '\(option)'"))
            default:
                guard name == nil else {
                    return .failure(
                        UsageError(message: "one network name expected, got '\(name ?? "")' and '\(argument)'"))
                }
                name = argument
            }
        }
        guard let name else { return .failure(UsageError(message: "the network NAME is missing")) }
        guard let output else { return .failure(UsageError(message: "--out DIR is missing")) }
        guard let scaffoldFormat = ScaffoldFormat(format: format ?? "native", media: media, source: source) else {
            if let media, format ?? "native" == "native" {
                return .failure(UsageError(message: "--media \(media) needs --format instream"))
            }
            if let source, format ?? "native" == "native" {
                return .failure(UsageError(message: "--source \(source) needs --format instream"))
            }
            if let media, ScaffoldInstreamMedia(rawValue: media) == nil {
                return .failure(UsageError(message: "--media '\(media)' is not video, audio or both"))
            }
            if let source, ScaffoldInstreamSource(rawValue: source) == nil {
                let allowed = ScaffoldInstreamSource.allCases.map(\.rawValue).joined(separator: " or ")
                return .failure(UsageError(message: "--source '\(source)' is not \(allowed)"))
            }
            return .failure(UsageError(message: "--format '\(format ?? "")' is not native or instream"))
        }
        return .success(Arguments(name: name, output: output, mediationKitPath: kitPath, format: scaffoldFormat))
    }
}
