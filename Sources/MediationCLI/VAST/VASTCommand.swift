import Foundation
import MediationCore
import MediationSupport
import MediationVAST
import MediationVASTNetworking

/// `mediation vast FILE|URL|- [--json] [--no-follow]`: parses a VAST document, follows its wrappers over HTTP
/// (unless `--no-follow`), and prints each ad with its creatives, the chosen media file and why, every tracking
/// event with its URLs, and the errors with their VAST codes.
///
/// Exit status: 0 when at least one playable ad results (an InLine ad with a linear creative and a media file the
/// player plays, or one without a linear creative and with a NonLinear overlay the host shows in the screen given),
/// 1 when none does, 2 on bad usage.
enum VASTCommand {
    static let usage = """
        usage: mediation vast FILE|URL|- [--json] [--no-follow] [--mime TYPE,…] [--max-bitrate KBPS] [--screen WxH]

        Parses a VAST 2.0-4.3 document (a file, an http(s) tag URL, or '-' for standard input), follows its
        wrappers over HTTP unless --no-follow, and prints each ad: its creatives, the media file chosen for the
        player and why, every tracking event with its URLs, and the errors with their VAST codes.
          --json          print one JSON object instead (see docs/vast.md)
          --no-follow     do not fetch wrapped documents
          --mime          the MIME types the player plays (default: MP4, WebM, QuickTime, HLS, MP3, AAC)
          --max-bitrate   the highest bitrate in kbit/s to choose
          --screen        the screen size to match, e.g. 1280x720 (also the overlay area; default 1280x720)
        Exit status: 0 at least one playable ad (linear, or an overlay that fits), 1 none, 2 bad usage.
        """

    struct Options {
        var source = ""
        var json = false
        var follow = true
        var capabilities = VASTPlayerCapabilities.standard
    }

    /// Runs the command.
    static func run(
        _ arguments: [String],
        standardInput: () -> Data = {
            BoundedFileRead.read(FileHandle.standardInput, limit: VASTParseLimits.standard.maxBytes)
        }
    ) async -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            print(usage)
            return 0
        }
        let options: Options
        switch parse(arguments) {
        case .success(let parsed): options = parsed
        case .failure(let message):
            printError("mediation vast: \(message.text)\n\n\(usage)")
            return 2
        }
        let report = await report(for: options, standardInput: standardInput)
        print(report.text)
        return report.status
    }

    struct UsageError: Error {
        var text: String
    }

    static func parse(_ arguments: [String]) -> Result<Options, UsageError> {
        var options = Options()
        var sources: [String] = []
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--json": options.json = true
            case "--no-follow": options.follow = false
            case "--mime":
                guard let value = remaining.popFirst() else {
                    return .failure(UsageError(text: "--mime needs a value"))
                }
                options.capabilities.mimeTypes = value.split(separator: ",").map {
                    $0.trimmingCharacters(in: .whitespaces)
                }
            case "--max-bitrate":
                guard let value = remaining.popFirst(), let bitrate = Int(value), bitrate > 0 else {
                    return .failure(UsageError(text: "--max-bitrate needs a positive number of kbit/s"))
                }
                options.capabilities.maxBitrate = bitrate
            case "--screen":
                let parts = remaining.popFirst()?.lowercased().split(separator: "x").compactMap { Int($0) } ?? []
                guard parts.count == 2, parts.allSatisfy({ $0 > 0 }) else {
                    return .failure(UsageError(text: "--screen needs WIDTHxHEIGHT, e.g. 1280x720"))
                }
                options.capabilities.screenWidth = parts[0]
                options.capabilities.screenHeight = parts[1]
            default:
                if argument.hasPrefix("-") && argument != "-" {
                    return .failure(UsageError(text: "unknown option '\(argument.terminalSafe)'"))
                }
                sources.append(argument)
            }
        }
        guard sources.count == 1, let source = sources.first else {
            return .failure(UsageError(text: "expected exactly one FILE, URL or '-'"))
        }
        options.source = source
        return .success(options)
    }

    /// What the command prints and its exit status.
    static func report(for options: Options, standardInput: () -> Data) async -> (text: String, status: Int32) {
        let resolution = await resolution(for: options, standardInput: standardInput)
        let summary = VASTCommandReport(resolution: resolution, capabilities: options.capabilities)
        return (options.json ? summary.json() : summary.text(), summary.playableCount > 0 ? 0 : 1)
    }

    private static func resolution(for options: Options, standardInput: () -> Data) async -> VASTResolution {
        let loader = HTTPVASTDocumentLoader()
        let resolver = VASTWrapperResolver(loader: loader)
        let limits = VASTParseLimits.standard
        let data: Data
        if let url = URL(string: options.source), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https"
        {
            if options.follow { return await resolver.resolve(tagURL: url) }
            do {
                data = try await loader.loadDocument(at: url, timeout: .seconds(5), maxBytes: limits.maxBytes)
            } catch {
                return unresolved(error: VASTError(.wrapperTimeout, "\(error)", path: url.absoluteString))
            }
        } else if options.source == "-" {
            data = standardInput()
        } else {
            do throws(BoundedFileRead.Failure) {
                data = try BoundedFileRead.read(options.source, limit: limits.maxBytes)
            } catch {
                return unresolved(error: VASTError(.xmlParse, error.reason, path: options.source))
            }
        }
        let document: VASTDocument
        do {
            document = try VASTParser(limits: limits).parse(data)
        } catch {
            return unresolved(error: error)
        }
        if options.follow { return await resolver.resolve(document) }
        return VASTResolution(unfollowed: document)
    }

    private static func unresolved(error: VASTError) -> VASTResolution {
        .failed(error, url: nil)
    }
}
