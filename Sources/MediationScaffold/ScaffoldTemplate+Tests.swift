extension ScaffoldTemplate {
    /// The test file: the adapter described to the conformance kit, and the test that runs the kit.
    static let conformanceTests = ScaffoldTemplate(
        path: "Tests/{{Name}}AdapterTests/{{Name}}ConformanceTests.swift",
        text: #"""
            import {{Name}}Adapter
            import MediationConformance
            import MediationConformanceTesting
            import MediationCore
            import Testing

            extension AdapterConformanceSubject {
                /// The {{Name}} adapter described to MediationKit's conformance kit, over the sandbox network.
                ///
                /// FILL IN as the adapter grows: the info keys it requires, the unified keys its ads carry.
                static let {{lowerName}}Adapter = AdapterConformanceSubject(
                    name: "{{Name}} native",
                    customEventIdentifier: {{Name}}NativeCustomEvent.identifier,
                    validInfo: [{{Name}}NativeCustomEvent.placementIDKey: .string("{{domainName}}-placement-1")],
                    requiredInfoKeys: [{{Name}}NativeCustomEvent.placementIDKey],
                    filledProperties: [
                        .title: .text, .text: .text, .callToAction: .text, .sponsored: .text, .iconImage: .image,
                        .mainImage: .image, .starRating: .number,
                    ],
                    rendererConfigurations: [{{Name}}RendererConfiguration.make()],
                    adapterVersion: { {{Name}}AdapterVersion.adapter },
                    networkSDKVersion: { {{Name}}AdapterVersion.networkSDK },
                    network: ConformanceNetworkDriver(
                        makeStandIn: { clock in {{Name}}SandboxNetwork(clock: clock) },
                        arrange: { sandbox, scenario in
                            let answer: {{Name}}SandboxNetwork.Answer =
                                switch scenario.answer {
                                case .fill(let content): .fill(content)
                                case .noFill: .noFill
                                case .error(let code, let message): .error(code: code, message: message)
                                case .never: .never
                                }
                            sandbox.arrange(
                                answer, latency: scenario.latency, onBackgroundThread: scenario.delivery == .backgroundThread)
                        },
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
                        loadAttempts: { sandbox in sandbox.loadCount }),
                    makeCustomEvent: { sandbox in {{Name}}NativeCustomEvent(loader: sandbox) })
            }

            @Suite struct {{Name}}ConformanceTests {
                /// Runs every check of MediationKit's conformance kit; each failed check is one test issue naming it.
                @Test func {{lowerName}}AdapterPassesTheConformanceKit() async {
                    let report = await expectConformance(.{{lowerName}}Adapter)
                    if !report.passed { print(report.table) }
                    #expect(report.passed)
                    #expect(report.count(.skipped) == 0)
                }
            }
            """#)
}
