import Foundation
import FuzzCorpusReplay
import MediationCore

/// libFuzzer target: unified-ad JSON through ``NativeAdProperties/decode(json:)``.
///
/// Invariants checked on every input: decoding returns or throws a path-naming error (never crashes), and a
/// decoded ad survives its own JSON round trip unchanged, holds no non-finite number and no URL that is not
/// http(s).
enum NativeAdPropertiesFuzzer {
    static func check(_ data: Data) {
        let properties: NativeAdProperties
        do {
            properties = try NativeAdProperties.decode(json: data)
        } catch {
            guard case .invalidConfiguration(let path, _) = error else {
                preconditionFailure("a decoding error that is not invalidConfiguration: \(error)")
            }
            precondition(path.hasPrefix("$") || !path.isEmpty, "a decoding error without a path")
            return
        }
        for key in properties.keys {
            switch properties[key] {
            case .number(let number)?: precondition(number.isFinite, "a non-finite number in '\(key)'")
            case .url(let url)?: precondition(MediationURLPolicy.isAllowedContentURL(url), "an unsafe URL in '\(key)'")
            default: break
            }
        }
        do {
            let again = try NativeAdProperties.decode(json: properties.jsonData())
            precondition(again == properties, "the round trip changed the properties")
        } catch {
            preconditionFailure("an ad's own JSON does not decode: \(error)")
        }
    }
}

#if FUZZING
    /// libFuzzer's per-input hook (also what the entry point hands to the driver).
    @_cdecl("LLVMFuzzerTestOneInput")
    public func nativeAdPropertiesFuzzerTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
        NativeAdPropertiesFuzzer.check(FuzzDriver.data(bytes, count))
        return 0
    }

    /// The entry point: hands the command line and the per-input hook to libFuzzer.
    @_cdecl("NativeAdPropertiesFuzzer_main")
    public func nativeAdPropertiesFuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?)
        -> CInt
    {
        FuzzDriver.run(argc: argc, argv: argv, testOneInput: nativeAdPropertiesFuzzerTestOneInput)
    }
#else
    /// Without libFuzzer: replays the corpus files named on the command line (the regression run in CI).
    @main
    struct NativeAdPropertiesFuzzerReplay {
        static func main() throws {
            let count = try FuzzCorpus.replay(CommandLine.arguments.dropFirst(), check: NativeAdPropertiesFuzzer.check)
            print("NativeAdPropertiesFuzzer: replayed \(count) input(s), no invariant broken")
        }
    }
#endif
