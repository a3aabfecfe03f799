extension ScaffoldTemplate {
    /// The VAST-SDK package manifest: the adapter also depends on the MediationVAST product (the VAST playback).
    static let vastPackage = ScaffoldTemplate(
        path: package.path,
        text: package.text.replacingOccurrences(
            of: #"dependencies: [.product(name: "MediationBridge", package: "MediationKit")],"#,
            with: #"""
                dependencies: [
                                .product(name: "MediationBridge", package: "MediationKit"),
                                .product(name: "MediationVAST", package: "MediationKit"),
                            ],
                """#
        ).replacingOccurrences(
            of: #"""
                            .product(name: "MediationTesting", package: "MediationKit"),
                """#,
            with: #"""
                            .product(name: "MediationVAST", package: "MediationKit"),
                                .product(name: "MediationTesting", package: "MediationKit"),
                """#))

    /// The VAST-SDK test file: the adapter described to the in-stream kit, and the tests that run it.
    static let vastConformanceTests = ScaffoldTemplate(
        path: "Tests/{{Name}}AdapterTests/{{Name}}InstreamConformanceTests.swift",
        text: #"""
            import Foundation
            import {{Name}}Adapter
            import MediationBridge
            import MediationConformance
            import MediationConformanceTesting
            import MediationTesting
            import MediationVAST
            import Testing

            /// The stand-in's VAST has no wrappers: a fetch is a failure of the stand-in.
            struct {{Name}}SandboxWrapperLoader: VASTDocumentLoading {
                func loadDocument(at url: URL, timeout: Duration, maxBytes: Int) async throws(VASTLoadFailure) -> Data {
                    throw .unavailable("the {{Name}} stand-in serves no wrappers (asked for \(url))")
                }
            }

            extension InstreamConformanceSubject {
                /// The {{Name}} in-stream custom event for `format`, described to MediationKit's in-stream conformance
                /// kit over the stand-in SDK and ad server ({{Name}}SandboxVASTNetwork), with MediationKit's VAST playback.
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
                        let network = {{Name}}SandboxVASTNetwork(script: script, clock: clock)
                        let customEvent = {{Name}}InstreamCustomEvent(
                            format: format, factory: network, loader: {{Name}}SandboxWrapperLoader(), trackerPinger: network)
                        var instance = Instance(customEvent: customEvent, network: { network.firstAd }) {
                            network.callLog
                        }
                        instance.markupLoads = { network.firstAd?.loadedMarkups ?? [] }
                        instance.pingedURLs = { network.pinged }
                        return instance
                    }
                }
            }

            @Suite struct {{Name}}InstreamConformanceTests {
                /// Runs every in-stream check in strict mode (a skipped check fails too) for each format the adapter plays;
                /// each failed check is one test issue naming it. The tables are printed either way. `checkConformance`
                /// awaits each load outcome, which comes asynchronously (the SDK's answer, then each break's VAST parsed);
                /// no thread is blocked.
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

    /// The VAST-SDK bidding tests: the markup path and the token.
    static let vastBiddingTests = ScaffoldTemplate(
        path: "Tests/{{Name}}AdapterTests/{{Name}}InstreamBiddingTests.swift",
        text: #"""
            import Foundation
            import {{Name}}Adapter
            import MediationBridge
            import MediationTesting
            import MediationVAST
            import Testing

            @Suite struct {{Name}}InstreamBiddingTests {
                static let banner = SimulatedInstreamBanner(
                    banner: InstreamAdBanner(identifier: "bid-ad", format: .video, duration: 2),
                    mediaURL: URL(string: "https://{{domainName}}.invalid/media/bid-ad.mp4")!)

                /// A custom event over the stand-in, a request for it (with `markup` as the bid's `adm`) and a recorder.
                static func harness(markup: String?) -> (
                    ManualClock, {{Name}}SandboxVASTNetwork, {{Name}}InstreamCustomEvent, InstreamAdRequest,
                    {{Name}}LoadRecorder
                ) {
                    let clock = ManualClock()
                    let mediationClock = MediationClock(clock)
                    let network = {{Name}}SandboxVASTNetwork(script: InstreamSimulationScript(), clock: mediationClock)
                    let event = {{Name}}InstreamCustomEvent(
                        format: .video, factory: network, loader: {{Name}}SandboxWrapperLoader(), trackerPinger: network)
                    var request = InstreamAdRequest(
                        info: [{{Name}}InstreamCustomEvent.slotIDKey: .string("{{domainName}}-slot-1")], midpoints: nil,
                        contentDuration: 120, targeting: .none, privacy: .unrestricted,
                        player: SimulatedInstreamAdPlayer(clock: mediationClock, defaultDuration: .seconds(2)),
                        clock: mediationClock)
                    request.adMarkup = markup
                    return (clock, network, event, request, {{Name}}LoadRecorder())
                }

                /// A bid's VAST goes to the SDK's markup load unchanged (no tag call) and plays in the first section
                /// started; the load outcome comes asynchronously and is awaited, never blocked on.
                @Test func aBidsVASTGoesToTheMarkupLoadAndPlays() async {
                    let markup = {{Name}}SandboxVAST.document([Self.banner], format: .video)
                    let (clock, network, event, request, recorder) = Self.harness(markup: markup)
                    #expect(event.supportsBidding)
                    event.load(request, delegate: recorder)
                    clock.advance(by: .seconds(1))
                    await recorder.waitForOutcome()
                    #expect(network.firstAd?.loadedMarkups == [markup])
                    #expect(recorder.events == ["load"])
                    event.start(.midroll, midpoint: 30)
                    clock.advance(by: .seconds(5))
                    #expect(recorder.events == ["load", "start:bid-ad", "complete:bid-ad", "section:midroll"])
                    #expect(network.callLog.first == .load)
                    #expect(network.callLog.contains(.start(.midroll, midpoint: 30)))
                }

                /// Blank markup fails at once with `invalidBidMarkup` at `adm`, before any SDK object is made.
                @Test func blankMarkupFailsAtOnce() {
                    let (_, network, event, request, recorder) = Self.harness(markup: "  ")
                    event.load(request, delegate: recorder)
                    #expect(recorder.errors == [.invalidBidMarkup(path: "adm", reason: "empty bid markup")])
                    #expect(network.firstAd == nil)
                }

                /// Markup that is not VAST fails with the VAST playback's `invalidBidMarkup` (an auction: loss reason 3).
                @Test func markupThatIsNotVASTFailsTyped() async {
                    let (clock, _, event, request, recorder) = Self.harness(markup: "{\"not\": \"vast\"}")
                    event.load(request, delegate: recorder)
                    clock.advance(by: .seconds(1))
                    await recorder.waitForOutcome()
                    guard case .invalidBidMarkup(let path, _)? = recorder.errors.first else {
                        Issue.record("expected invalidBidMarkup, got \(recorder.events)")
                        return
                    }
                    #expect(path.hasPrefix("adm"))
                }

                @Test func theBidSignalIsTheNetworksToken() async {
                    await {{Name}}BiddingChecks.bidSignalIsTheNetworksToken()
                }

                @Test func registersEachFormatWithItsBidder() throws {
                    var registry = MediationRegistry()
                    let network = {{Name}}SandboxVASTNetwork(
                        script: InstreamSimulationScript(), clock: MediationClock(ManualClock()))
                    try {{Name}}InstreamCustomEvent.register(
                        in: &registry, factory: network, loader: {{Name}}SandboxWrapperLoader(), trackerPinger: network,
                        bidderTokens: {{Name}}SandboxBidderTokens(token: "token"))
                    let formats: [InstreamAdFormat] = [{{formatList}}]
                    #expect(registry.biddingCustomEventIdentifiers == formats.map({{Name}}InstreamCustomEvent.identifier).sorted())
                }
            }
            """#)

    /// The VAST-SDK registration: each format's custom event and its bidder.
    static let vastRegistration = ScaffoldTemplate(
        path: "Sources/{{Name}}Adapter/{{Name}}InstreamCustomEvent+Registration.swift",
        text: #"""
            import MediationBridge
            import MediationVAST

            extension {{Name}}InstreamCustomEvent {
                /// Registers the custom event of each of `formats` under its identifier (a fresh one per line over
                /// `factory`, `loader` and `trackerPinger`) and its bidder, a ``{{Name}}InstreamBidSignalProvider`` over
                /// `bidderTokens`, whose signal the mediator waits for at most `signalTimeout`.
                ///
                /// - Throws: `MediationError.invalidConfiguration` when an identifier is taken or already has a bidder.
                public static func register(
                    in registry: inout MediationRegistry, formats: [InstreamAdFormat] = [{{formatList}}],
                    factory: any {{Name}}VASTAdFactory, loader: any VASTDocumentLoading, trackerPinger: any TrackerPinging,
                    bidderTokens: any {{Name}}BidderTokenLoading, signalTimeout: Duration = .seconds(1)
                ) throws(MediationError) {
                    for format in formats {
                        try registry.registerInstreamCustomEvent(identifier(for: format)) {
                            {{Name}}InstreamCustomEvent(
                                format: format, factory: factory, loader: loader, trackerPinger: trackerPinger)
                        }
                        try registry.registerBidSignalProvider(
                            {{Name}}InstreamBidSignalProvider(format: format, network: bidderTokens), timeout: signalTimeout)
                    }
                }
            }
            """#)
}
