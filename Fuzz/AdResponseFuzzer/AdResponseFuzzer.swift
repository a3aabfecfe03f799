import Foundation
import FuzzCorpusReplay
import MediationCore

/// libFuzzer target: MoPub multi-ad-response JSON through ``AdResponse/parse(json:url:limits:)``.
///
/// Invariants checked on every input: the parser returns or throws (never crashes or hangs), a thrown error
/// lists at least one problem with a JSON path, and every line of a parsed response has a non-empty custom
/// event identifier and only http(s) tracker URLs.
enum AdResponseFuzzer {
    static func check(_ data: Data) {
        do {
            let response = try AdResponse.parse(json: data)
            for line in response.lines {
                precondition(!line.customEventIdentifier.isEmpty, "a line without a custom event identifier")
                for url in line.beforeLoadURLs + line.impressionTrackers + line.clickTrackers {
                    precondition(MediationURLPolicy.isAllowedContentURL(url), "a tracker that is not http(s): \(url)")
                }
            }
            for dropped in response.droppedEntries {
                precondition(dropped.path.hasPrefix("$"), "a dropped entry without a JSON path")
            }
        } catch {
            precondition(!error.errors.isEmpty, "a parse error without problems")
            for problem in error.errors {
                guard case .invalidConfiguration(let path, _) = problem else {
                    preconditionFailure("a parse problem that is not invalidConfiguration: \(problem)")
                }
                precondition(path.hasPrefix("$"), "a parse problem without a JSON path: \(problem)")
            }
        }
    }
}

#if FUZZING
    /// libFuzzer's per-input hook (also what the entry point hands to the driver).
    @_cdecl("LLVMFuzzerTestOneInput")
    public func adResponseFuzzerTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
        AdResponseFuzzer.check(FuzzDriver.data(bytes, count))
        return 0
    }

    /// The entry point: hands the command line and the per-input hook to libFuzzer.
    @_cdecl("AdResponseFuzzer_main")
    public func adResponseFuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt
    {
        FuzzDriver.run(argc: argc, argv: argv, testOneInput: adResponseFuzzerTestOneInput)
    }
#else
    /// Without libFuzzer: replays the corpus files named on the command line (the regression run in CI).
    @main
    struct AdResponseFuzzerReplay {
        static func main() throws {
            let count = try FuzzCorpus.replay(CommandLine.arguments.dropFirst(), check: AdResponseFuzzer.check)
            print("AdResponseFuzzer: replayed \(count) input(s), no invariant broken")
        }
    }
#endif
