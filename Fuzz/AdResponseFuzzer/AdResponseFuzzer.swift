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
    /// libFuzzer's driver, called from the executable's entry point (SwiftPM names it `AdResponseFuzzer_main`).
    @_silgen_name("LLVMFuzzerRunDriver")
    func runFuzzerDriver(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt

    /// libFuzzer's per-input hook, for when libFuzzer's own `main` is the one linked.
    @_cdecl("LLVMFuzzerTestOneInput")
    public func adResponseFuzzerTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
        AdResponseFuzzer.check(bytes.map { Data(bytes: $0, count: count) } ?? Data())
        return 0
    }

    /// The entry point: hands the command line and the test callback to libFuzzer.
    @_cdecl("AdResponseFuzzer_main")
    public func adResponseFuzzerMain(
        _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
    ) -> CInt {
        var argc = argc
        var argv = argv
        return runFuzzerDriver(&argc, &argv) { bytes, count in
            AdResponseFuzzer.check(bytes.map { Data(bytes: $0, count: count) } ?? Data())
            return 0
        }
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
