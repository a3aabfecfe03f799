extension ScaffoldTemplate {
    /// The in-stream test file: the adapter described to the in-stream conformance kit, and the tests that run it.
    static let instreamConformanceTests = ScaffoldTemplate(
        path: "Tests/{{Name}}AdapterTests/{{Name}}InstreamConformanceTests.swift",
        text: #"""
            import Foundation
            import {{Name}}Adapter
            import MediationBridge
            import MediationConformance
            import MediationConformanceTesting
            import MediationTesting
            import Testing

            extension InstreamConformanceSubject {
                /// The {{Name}} in-stream custom event for `format`, described to MediationKit's in-stream conformance
                /// kit over the stand-in ({{Name}}SandboxInstreamAd).
                ///
                /// FILL IN as the adapter grows: every info key the SDK needs (`requiredInfoKeys`), whether the network
                /// serves midrolls (`servesMidpoints`), whether its video ads carry companions (`videoCarriesCompanions`).
                static func {{lowerName}}(_ format: InstreamAdFormat) -> InstreamConformanceSubject {
                    InstreamConformanceSubject(
                        name: "{{Name}} in-stream \(format.rawValue)",
                        customEventIdentifier: {{Name}}InstreamCustomEvent.identifier(for: format), format: format,
                        info: [{{Name}}InstreamCustomEvent.slotIDKey: .string("{{domainName}}-slot-1")],
                        expectations: InstreamConformanceExpectations(
                            requiredInfoKeys: [{{Name}}InstreamCustomEvent.slotIDKey], servesMidpoints: true,
                            videoCarriesCompanions: false)
                    ) { script, clock in
                        let factory = {{Name}}SandboxInstreamFactory(script: script, clock: clock)
                        var instance = Instance(
                            customEvent: {{Name}}InstreamCustomEvent(format: format, factory: factory),
                            network: { factory.firstAd }
                        ) { factory.callLog }
                        instance.markupLoads = { factory.firstAd?.loadedMarkups ?? [] }
                        return instance
                    }
                }
            }

            @Suite struct {{Name}}InstreamConformanceTests {
                /// Runs every in-stream check in strict mode (a skipped check fails too) for each format the adapter plays;
                /// each failed check is one test issue naming it. The tables are printed either way. `checkConformance`
                /// awaits a load outcome that comes asynchronously; no thread is blocked.
                @Test func {{lowerName}}InstreamAdapterPassesTheConformanceKit() async {
                    let formats: [InstreamAdFormat] = [{{formatList}}]
                    for format in formats {
                        let report = await checkConformance(.{{lowerName}}(format), strict: true)
                        print(report.table)
                        #expect(report.passed)
                        #expect(report.count(.skipped) == 0)
                    }
                }
            }
            """#)

    /// The in-stream package's README: layout and next steps.
    static let instreamReadme = ScaffoldTemplate(
        path: "README.md",
        text: #"""
            # {{Name}}Adapter

            A MediationKit in-stream adapter ({{formats}}) for the {{Name}} ad network, written by
            `mediation new-adapter {{Name}} --format instream`.

            As generated it builds (Swift 6 language mode, warnings as errors) and passes MediationKit's strict in-stream
            conformance kit: the custom event talks to the network only through the protocols in
            `{{Name}}InstreamAdLoading.swift` and `{{Name}}InstreamAdDelegate.swift`, and the tests plug in
            `{{Name}}SandboxInstreamAd`, a stand-in that plays MediationKit's simulated in-stream network. You start green
            and replace the stand-in with the real SDK step by step.

            ## Layout

            | File | What it is |
            |---|---|
            | `Sources/{{Name}}Adapter/{{Name}}InstreamAdLoading.swift` | the network surface: the SDK ad and its factory (fill in) |
            | `Sources/{{Name}}Adapter/{{Name}}InstreamAdDelegate.swift` | the network surface: callbacks and the raw banner (fill in) |
            | `Sources/{{Name}}Adapter/{{Name}}InstreamCustomEvent.swift` | the custom event: required info, one outcome, sections, banners, clicks, companions |
            | `Sources/{{Name}}Adapter/{{Name}}AdapterVersion.swift` | adapter and network SDK versions |
            | `Sources/{{Name}}Adapter/Locked.swift` | the adapter's own lock box (MediationKit's is not public) |
            | `Sources/{{Name}}Adapter/{{Name}}BidderTokenLoading.swift` | the network surface: the bidder-token call (fill in) |
            | `Sources/{{Name}}Adapter/{{Name}}InstreamBidSignalProvider.swift` | the bid signal provider, one per format |
            | `Sources/{{Name}}Adapter/{{Name}}InstreamCustomEvent+Registration.swift` | registers each format's custom event and its provider |
            | `Tests/{{Name}}AdapterTests/{{Name}}SandboxInstreamAd.swift` | the stand-in network, its relay and factory |
            | `Tests/{{Name}}AdapterTests/{{Name}}InstreamConformanceTests.swift` | the adapter described to the kit, and the test that runs it |
            | `Tests/{{Name}}AdapterTests/{{Name}}InstreamBiddingTests.swift` | the markup path, the token, the registration |

            ## Next steps

            1. `swift test` runs the in-stream conformance kit in strict mode and prints its tables: every check passes,
               none is skipped. `mediation conformance --package .` (from MediationKit) prints the same tables.
            2. Rename the network surface's members after the real SDK (search for `FILL IN`) and write a thin wrapper over
               the SDK that conforms to `{{Name}}InstreamAdLoading`, behind `#if canImport(...)`.
            3. Map every banner field the SDK offers in `{{Name}}InstreamCustomEvent.unified(_:)`; keep click URLs behind
               the request's `urlPolicy`.
            4. Keep the test's expectations true: `requiredInfoKeys`, `servesMidpoints`, `videoCarriesCompanions`.
            5. Bidding: a bid's markup goes to the SDK's markup load (`loadBid`), the provider returns the SDK's bidder
               token. Without a markup load, set `supportsBidding` to `false`; without a token call, delete the provider
               and the token surface (MediationKit's guide, section 19).
            6. The guide: the in-stream part of `docs/writing-an-adapter.md` in MediationKit.
            """#)

    /// The in-stream adapter's versions.
    static let instreamAdapterVersion = ScaffoldTemplate(
        path: "Sources/{{Name}}Adapter/{{Name}}AdapterVersion.swift",
        text: #"""
            /// The versions the adapter reports. FILL IN: the real SDK's version.
            public enum {{Name}}AdapterVersion {
                /// This adapter's version: the SDK version it was written for, plus a patch digit.
                public static let adapter = "0.1.0.0"
                /// The network SDK version the adapter was built against.
                public static let networkSDK = "0.0.0-sandbox"
            }
            """#)
}
