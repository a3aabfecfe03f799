extension ScaffoldTemplate {
    /// The VAST-SDK package's README: layout and next steps.
    static let vastReadme = ScaffoldTemplate(
        path: "README.md",
        text: #"""
            # {{Name}}Adapter

            A MediationKit in-stream adapter ({{formats}}) for the {{Name}} ad network, whose SDK returns VAST (a tag
            call) or takes a bid's VAST markup, written by `mediation new-adapter {{Name}} --format instream --source vast`.

            The SDK never plays: each ad break it returns is one VAST document, played by MediationKit's built-in VAST
            playback (`VASTInstreamCustomEvent`, one per break). So the adapter imports `MediationBridge` (the adapter
            contract) and `MediationVAST` (the VAST parser and playback), and nothing of the engine. As generated it builds
            (Swift 6 language mode, warnings as errors) and passes MediationKit's strict in-stream conformance kit over
            `{{Name}}SandboxVASTNetwork`, a stand-in SDK and ad server that writes the kit's scripts as VAST and hears every
            tracker ping. You start green and replace the stand-in with the real SDK step by step.

            ## Layout

            | File | What it is |
            |---|---|
            | `Sources/{{Name}}Adapter/{{Name}}VASTAdLoading.swift` | the network surface: the SDK's request object (tag call, markup load) and its factory (fill in) |
            | `Sources/{{Name}}Adapter/{{Name}}VASTBreak.swift`, `{{Name}}VASTError.swift` | the network surface: one ad break, the SDK's error (fill in) |
            | `Sources/{{Name}}Adapter/{{Name}}InstreamCustomEvent.swift` | the custom event: required info, one asynchronous outcome, one VAST playback per break |
            | `Sources/{{Name}}Adapter/{{Name}}VASTBreakRelay.swift` | passes a break's playback reports to the custom event |
            | `Sources/{{Name}}Adapter/{{Name}}BidderTokenLoading.swift` | the network surface: the bidder-token call (fill in) |
            | `Sources/{{Name}}Adapter/{{Name}}InstreamBidSignalProvider.swift` | the bid signal provider, one per format |
            | `Sources/{{Name}}Adapter/{{Name}}InstreamCustomEvent+Registration.swift` | registers each format's custom event and its provider |
            | `Sources/{{Name}}Adapter/{{Name}}AdapterVersion.swift`, `Locked.swift` | versions; the adapter's own lock box |
            | `Tests/{{Name}}AdapterTests/{{Name}}SandboxVASTNetwork.swift`, `{{Name}}SandboxVAST.swift` | the stand-in SDK and ad server, and its VAST writer |
            | `Tests/{{Name}}AdapterTests/{{Name}}InstreamConformanceTests.swift` | the adapter described to the kit, and the test that runs it |
            | `Tests/{{Name}}AdapterTests/{{Name}}InstreamBiddingTests.swift` | the markup path, the token, the registration |

            ## Next steps

            1. `swift test` runs the in-stream conformance kit in strict mode (asynchronously: each load outcome is
               awaited) and prints its tables: every check passes, none is skipped.
            2. Rename the network surface's members after the real SDK (search for `FILL IN`) and write a thin wrapper over
               the SDK that conforms to `{{Name}}VASTAdLoading`, behind `#if canImport(...)`. In the app, pass
               `HTTPVASTDocumentLoader()` (MediationKit's `MediationVASTNetworking`) as the loader of the wrappers the
               SDK's VAST names, and the host's durable `URLSessionTrackerPinger` as the tracker pinger.
            3. Make `{{Name}}SandboxVAST` write what the real ad server sends; keep the test's expectations true.
            4. Bidding: the markup load takes a bid's VAST unchanged; the provider returns the SDK's bidder token. Without
               a token call, delete the provider and the token surface (MediationKit's guide, section 19).
            5. The guide: "In-stream adapters over a VAST SDK" in `docs/writing-an-adapter.md` in MediationKit.
            """#)
}
