extension ScaffoldTemplate {
    /// The test file: the adapter described to the conformance kit, and the test that runs the kit.
    static let conformanceTests = ScaffoldTemplate(
        path: "Tests/{{Name}}AdapterTests/{{Name}}ConformanceTests.swift",
        text: #"""
            import Foundation
            import {{Name}}Adapter
            import MediationConformance
            import MediationConformanceTesting
            import MediationBridge
            import MediationTesting
            import Testing

            extension AdapterConformanceSubject {
                /// The {{Name}} adapter described to MediationKit's conformance kit, over the sandbox network.
                ///
                /// FILL IN as the adapter grows: the info keys it requires, the unified keys its ads carry, how each network
                /// field maps (`fillMapping`), what its network request carries (`request`).
                static let {{lowerName}}Adapter: AdapterConformanceSubject = {
                    var subject = AdapterConformanceSubject(
                        name: "{{Name}} native",
                        customEventIdentifier: {{Name}}NativeCustomEvent.identifier,
                        validInfo: [{{Name}}NativeCustomEvent.placementIDKey: .string("{{domainName}}-placement-1")],
                        requiredInfoKeys: [{{Name}}NativeCustomEvent.placementIDKey],
                        filledProperties: [
                            .title: .text, .text: .text, .callToAction: .text, .sponsored: .text, .iconImage: .image,
                            .mainImage: .image, .starRating: .number, .privacyClickURL: .url,
                        ],
                        rendererConfigurations: [{{Name}}RendererConfiguration.make()],
                        adapterVersion: { {{Name}}AdapterVersion.adapter },
                        networkSDKVersion: { {{Name}}AdapterVersion.networkSDK },
                        expectations: ConformanceExpectations(
                            fillMapping: ConformanceFillMapping(
                                texts: [.title, .text, .callToAction, .sponsored], images: [.iconImage, .mainImage],
                                ratingScale: 0...5, hasClickURL: true, requiredKeys: {{Name}}NativeCustomEvent.requiredProperties),
                            registersOnAttach: true,
                            request: { inputs in
                                [
                                    "childDirected": inputs.privacy.isChildDirected ? "1" : "0",
                                    "age": inputs.targeting.age.map(String.init), "gender": inputs.targeting.gender?.rawValue,
                                    "bidToken": inputs.adMarkup,
                                ]
                            }),
                        network: .{{lowerName}}Sandbox,
                        makeCustomEvent: { sandbox in {{Name}}NativeCustomEvent(loader: sandbox) })
                    // The adapter has a bid signal provider (FILL IN: `false` when the network has no bidder token call).
                    subject.expectations.providesBidSignal = true
                    return subject
                }()
            }

            extension ConformanceNetworkDriver where StandIn == {{Name}}SandboxNetwork {
                /// Drives a fresh ``{{Name}}SandboxNetwork`` per check, on the check's clock.
                static var {{lowerName}}Sandbox: Self {
                    var driver = ConformanceNetworkDriver(
                        makeStandIn: { clock in {{Name}}SandboxNetwork(clock: clock) },
                        arrange: { sandbox, scenario in sandbox.arrange({{Name}}SandboxNetwork.Behavior(scenario)) },
                        trigger: { _, event, ad in
                            guard let adapter = ad.adapter as? {{Name}}NativeAdAdapter,
                                let networkAd = adapter.networkAd as? {{Name}}SandboxNativeAd
                            else { return false }
                            let sandboxEvent: {{Name}}SandboxNativeAd.Event =
                                switch event {
                                case .impression: .impression
                                case .click: .click
                                case .willPresentModal: .willPresentModal
                                case .didDismissModal: .didDismissModal
                                case .willLeaveApplication: .willLeaveApplication
                                }
                            networkAd.simulate(sandboxEvent)
                            return true
                        },
                        loadAttempts: { sandbox in sandbox.loadCount },
                        observe: { sandbox, ad in
                            let networkAd = (ad?.adapter as? {{Name}}NativeAdAdapter)?.networkAd as? {{Name}}SandboxNativeAd
                            var observation = ConformanceObservation(
                                isRegisteredForInteraction: networkAd?.isRegistered, lastRequest: sandbox.lastOptions?.fields)
                            observation.markupLoads = sandbox.markupLoads
                            observation.ordinaryLoads = sandbox.ordinaryLoads
                            return observation
                        })
                    driver.invalidate = { _, ad in
                        guard let networkAd = (ad.adapter as? {{Name}}NativeAdAdapter)?.networkAd as? {{Name}}SandboxNativeAd
                        else { return false }
                        networkAd.simulateInvalidation()
                        return true
                    }
                    driver.bidSignalProvider = { sandbox in {{Name}}BidSignalProvider(network: sandbox) }
                    driver.rejectBidMarkup = { sandbox, markup in sandbox.rejectBidToken(markup) }
                    return driver
                }
            }

            extension {{Name}}SandboxNetwork.Behavior {
                /// The sandbox behaviour a conformance scenario asks for.
                init(_ scenario: ConformanceScenario) {
                    self.init()
                    switch scenario.answer {
                    case .fill(let content): answer = .fill(content)
                    case .generated(let generated): answer = .ad({{Name}}SandboxNativeAd(generated: generated))
                    case .noFill: answer = .noFill
                    case .error(let code, let message): answer = .error(code: code, message: message)
                    case .never: answer = .never
                    }
                    latency = scenario.latency
                    delivery =
                        switch scenario.delivery {
                        case .clockThread: .clockThread
                        case .backgroundThread: .backgroundThread
                        case .concurrentThreads: .concurrentThreads
                        }
                    callbackCount = scenario.callbackCount
                    repeatInterval = scenario.repeatInterval
                    honoursCancel = scenario.honoursCancel
                }
            }

            extension {{Name}}SandboxNativeAd {
                /// An ad whose network fields carry the kit's generated raw values, unchecked, as the SDK would hand them over.
                convenience init(generated: ConformanceGeneratedAd) {
                    self.init(
                        title: generated.texts[.title], body: generated.texts[.text], callToAction: generated.texts[.callToAction],
                        advertiser: generated.texts[.sponsored],
                        iconURL: generated.imageURLs[.iconImage].flatMap(URL.init(string:)),
                        mainImageURL: generated.imageURLs[.mainImage].flatMap(URL.init(string:)), starRating: generated.rating,
                        clickURL: generated.clickURL.flatMap(URL.init(string:)))
                }
            }

            @Suite struct {{Name}}ConformanceTests {
                /// Runs every check of MediationKit's conformance kit in strict mode (a skipped check fails too); each failed
                /// check is one test issue naming it. The table is printed either way.
                @Test func {{lowerName}}AdapterPassesTheConformanceKit() async {
                    let report = await expectConformance(.{{lowerName}}Adapter, options: .strict)
                    print(report.table)
                    #expect(report.passed)
                    #expect(report.count(.skipped) == 0)
                }

                /// Registration adds the custom event and its bidder.
                @Test func registrationAddsTheCustomEventAndItsBidder() throws {
                    var registry = MediationRegistry()
                    let sandbox = {{Name}}SandboxNetwork()
                    try {{Name}}NativeCustomEvent.register(in: &registry, loader: sandbox, bidderTokens: sandbox)
                    #expect(registry.biddingCustomEventIdentifiers == [{{Name}}NativeCustomEvent.identifier])
                    #expect(registry.bidSignalRegistration(for: {{Name}}NativeCustomEvent.identifier)?.timeout == .seconds(1))
                }
            }
            """#)
}
