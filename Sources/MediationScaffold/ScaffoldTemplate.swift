import Foundation

/// One file of the generated package: a path and a text with placeholders.
///
/// Placeholders: `{{Name}}` (the network name, as given), `{{lowerName}}` (lower camel case, for method
/// names), `{{domainName}}` (lower case, for sample domains), `{{MediationKitPathLiteral}}` (a Swift string
/// literal of MediationKit's path); in-stream templates also `{{formats}}` (`video and audio`) and `{{formatList}}`
/// (`.video, .audio`).
struct ScaffoldTemplate: Sendable {
    let path: String
    let text: String

    /// Every template, in the order files are written.
    static let all: [ScaffoldTemplate] = [
        package, gitignore, readme, nativeAdLoading, networkNativeAd, customEvent, adapter, rendererConfiguration,
        adapterVersion, customEventVersions, lockBox, sandboxNetwork, sandboxNativeAd, conformanceTests,
        bidderTokenLoading,
        bidSignalProvider, registration, adapterConfiguration, networkStarting, sandboxStarter,
        startupConformanceTests,
    ]

    /// Every template of an in-stream adapter, in the order files are written.
    static let instream: [ScaffoldTemplate] = [
        package, gitignore, instreamReadme, instreamAdLoading, instreamAdDelegate, instreamCustomEvent,
        instreamAdapterVersion, lockBox, instreamBidderTokenLoading, instreamBidSignalProvider, instreamRegistration,
        instreamSandbox, instreamConformanceTests, instreamSandboxBidderTokens, instreamTestSupport,
        instreamBiddingTests,
    ]

    /// Every template of an in-stream adapter over an SDK that returns VAST (`--source vast`), in the order files
    /// are written.
    static let vastInstream: [ScaffoldTemplate] = [
        vastPackage, gitignore, vastReadme, vastAdLoading, vastBreak, vastError, vastCustomEvent, vastBreakRelay,
        instreamAdapterVersion, lockBox, instreamBidderTokenLoading, instreamBidSignalProvider, vastRegistration,
        vastSandboxNetwork, vastSandboxWriter, vastConformanceTests, instreamSandboxBidderTokens, instreamTestSupport,
        vastBiddingTests,
    ]

    /// The file for `substitutions` (placeholder → value).
    func render(_ substitutions: [String: String]) -> ScaffoldFile {
        ScaffoldFile(path: Self.fill(path, substitutions), contents: Self.fill(text, substitutions) + "\n")
    }

    private static func fill(_ text: String, _ substitutions: [String: String]) -> String {
        substitutions.reduce(text) { partial, substitution in
            partial.replacingOccurrences(of: "{{\(substitution.key)}}", with: substitution.value)
        }
    }
}
