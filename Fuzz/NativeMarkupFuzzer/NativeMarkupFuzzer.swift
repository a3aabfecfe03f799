import Foundation
import FuzzCorpusReplay
import MediationBridge
import MediationOpenRTB

/// libFuzzer target: bytes as OpenRTB Native markup through ``OpenRTBNativeAdMapper/map(data:)``, with and
/// without a request.
///
/// Invariants checked on every input: mapping returns or throws `invalid_bid_markup` with a path starting at `$`
/// (never crashes), and a mapped ad's trackers and images are network URLs the default policy allows (https, or
/// http to a loopback host), it has a click URL (an ad without one is not a fill) that is a click destination
/// the policy allows, no tracker holds a `${AUCTION_` macro, and every drop names a path.
enum NativeMarkupFuzzer {
    static let request = OpenRTBNativeRequest(assets: [
        OpenRTBNativeRequestAsset(id: 1, isRequired: true, kind: .title(maximumLength: 90)),
        OpenRTBNativeRequestAsset(
            id: 2, isRequired: false, kind: .image(type: 1, minimumWidth: nil, minimumHeight: nil)),
        OpenRTBNativeRequestAsset(id: 3, isRequired: false, kind: .data(type: 2, maximumLength: nil)),
    ])

    static func check(_ data: Data) {
        let values = AuctionMacroValues(auctionID: "a", price: 1.5, currency: "USD")
        for mapper in [
            OpenRTBNativeAdMapper(macroValues: values), OpenRTBNativeAdMapper(request: request, macroValues: values),
        ] {
            let mapping: OpenRTBNativeAdMapping
            do {
                mapping = try mapper.map(data: data)
            } catch {
                guard case .invalidBidMarkup(let path, _) = error else {
                    preconditionFailure("a mapping error that is not invalid_bid_markup: \(error)")
                }
                precondition(path.hasPrefix("$"), "an error path that does not start at $: \(path)")
                continue
            }
            let policy = MediationURLPolicy.default
            for url in mapping.impressionTrackers + mapping.clickTrackers + mapping.viewabilityTrackers.map(\.url) {
                precondition(policy.isAllowedNetworkURL(url), "a tracker the policy refuses: \(url)")
                precondition(!url.absoluteString.contains("${AUCTION_"), "an unexpanded macro: \(url)")
            }
            guard let click = mapping.clickURL else { preconditionFailure("a mapped ad without a click URL") }
            precondition(policy.isAllowedClickURL(click), "an unsafe click URL: \(click)")
            for key in mapping.properties.keys {
                guard let url = mapping.properties.image(key)?.url else { continue }
                precondition(policy.isAllowedNetworkURL(url), "an image the policy refuses in '\(key)': \(url)")
            }
            for drop in mapping.dropped { precondition(drop.path.hasPrefix("$"), "a drop without a path") }
        }
    }
}

#if FUZZING
    /// libFuzzer's per-input hook (also what the entry point hands to the driver).
    @_cdecl("LLVMFuzzerTestOneInput")
    public func nativeMarkupFuzzerTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
        NativeMarkupFuzzer.check(FuzzDriver.data(bytes, count))
        return 0
    }

    /// The entry point: hands the command line and the per-input hook to libFuzzer.
    @_cdecl("NativeMarkupFuzzer_main")
    public func nativeMarkupFuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?)
        -> CInt
    {
        FuzzDriver.run(argc: argc, argv: argv, testOneInput: nativeMarkupFuzzerTestOneInput)
    }
#else
    /// Without libFuzzer: replays the corpus files named on the command line (the regression run in CI).
    @main
    struct NativeMarkupFuzzerReplay {
        static func main() throws {
            let count = try FuzzCorpus.replay(CommandLine.arguments.dropFirst(), check: NativeMarkupFuzzer.check)
            print("NativeMarkupFuzzer: replayed \(count) input(s), no invariant broken")
        }
    }
#endif
