import Foundation
import FuzzCorpusReplay
import MediationVAST

/// libFuzzer target: any bytes through ``VASTParser/parse(_:)``, then media selection and macro expansion.
///
/// Invariants checked on every input: the parser returns or throws (never crashes or hangs); a thrown error has
/// code 100, 101 or 102; every URL of a parsed ad is http(s); every issue names its element path from the root as
/// written (a namespace prefix kept); media selection chooses a file it ranked first; macro expansion of every
/// tracker leaves no known macro behind.
enum VASTParserFuzzer {
    static let capabilities = VASTPlayerCapabilities(
        mimeTypes: ["video/mp4", "application/x-mpegURL"], maxBitrate: 3000, screenWidth: 1280, screenHeight: 720)

    static func check(_ data: Data) {
        let document: VASTDocument
        do {
            document = try VASTParser().parse(data)
        } catch {
            precondition([100, 101, 102].contains(error.code.rawValue), "a document refused with \(error.code)")
            precondition(!error.message.isEmpty, "a refusal without a message")
            return
        }
        for issue in document.issues {
            // The path starts at the root as written: `VAST`, or with a namespace prefix (`v:VAST`, `:VAST`).
            let root = issue.path.prefix { $0 != "/" }
            precondition(root == "VAST" || root.hasSuffix(":VAST"), "an issue without an element path: \(issue)")
        }
        for ad in document.ads {
            // The URLs the model keeps as text are made here, from that text: a text that did not parse would give
            // a URL that is not http(s).
            var urls = ad.impressions.map(\.url) + ad.errorURLs + (ad.wrapper.map { [$0.adTagURI] } ?? [])
            for linear in ad.creatives.compactMap(\.linear) {
                urls += linear.trackers.map(\.url) + linear.mediaFiles.map(\.url)
                urls += linear.videoClicks.clickTracking + linear.videoClicks.customClicks
                urls += linear.videoClicks.clickThrough.map { [$0] } ?? []
            }
            for url in urls {
                precondition(["http", "https"].contains(url.scheme?.lowercased() ?? ""), "a URL that is not http(s)")
            }
            guard let linear = ad.linear else { continue }
            let selection = VASTMediaSelector.select(from: linear, for: capabilities)
            if let chosen = selection.chosen {
                precondition(
                    selection.candidates.first { $0.rank == 1 }?.mediaFile == chosen,
                    "the chosen file is not ranked first")
            }
            for tracker in linear.trackers {
                let expanded = VASTMacroExpander.expand(
                    tracker.url.absoluteString, with: VASTMacroValues(errorCode: .undefined, cacheBusting: "1"))
                precondition(!expanded.contains("[ERRORCODE]"), "[ERRORCODE] left in \(expanded)")
            }
        }
    }
}

#if FUZZING
    /// libFuzzer's per-input hook (also what the entry point hands to the driver).
    @_cdecl("LLVMFuzzerTestOneInput")
    public func vastParserFuzzerTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
        VASTParserFuzzer.check(FuzzDriver.data(bytes, count))
        return 0
    }

    /// The entry point: hands the command line and the per-input hook to libFuzzer.
    @_cdecl("VASTParserFuzzer_main")
    public func vastParserFuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt
    {
        FuzzDriver.run(argc: argc, argv: argv, testOneInput: vastParserFuzzerTestOneInput)
    }
#else
    /// Without libFuzzer: replays the corpus files named on the command line (the regression run in CI).
    @main
    struct VASTParserFuzzerReplay {
        static func main() throws {
            let count = try FuzzCorpus.replay(CommandLine.arguments.dropFirst(), check: VASTParserFuzzer.check)
            print("VASTParserFuzzer: replayed \(count) input(s), no invariant broken")
        }
    }
#endif
