extension ScaffoldTemplate {
    /// The network's adapter configuration (its start-up), after the conformance kit's reference.
    static let adapterConfiguration = ScaffoldTemplate(
        path: "Sources/{{Name}}Adapter/{{Name}}AdapterConfiguration.swift",
        text: #"""
            import MediationBridge

            // FILL IN: rename `applicationKey` after the network's own start parameter (app ID, SDK key, …), and call the
            // real SDK's start in the wrapper that conforms to `{{Name}}NetworkStarting`.

            /// The {{Name}} adapter's configuration: starts the {{Name}} SDK once per process with the host's and the server's
            /// parameters and the host-wide test mode, reports `started` or the SDK's own error exactly once.
            public struct {{Name}}AdapterConfiguration: NetworkAdapterConfiguration {
                /// The parameter key of the application key.
                public static let applicationKeyParameter = "applicationKey"

                /// `{{Name}}`.
                public var networkName: String { "{{Name}}" }
                /// ``{{Name}}AdapterVersion/adapter``.
                public var adapterVersion: String { {{Name}}AdapterVersion.adapter }
                /// ``{{Name}}SandboxNetwork/sdkVersion``.
                public var networkSDKVersion: String { {{Name}}SandboxNetwork.sdkVersion }
                /// The {{Name}} custom event: its lines wait for this start.
                public var customEventIdentifiers: [String] { [{{Name}}NativeCustomEvent.identifier] }

                private let sdk: any {{Name}}NetworkStarting

                /// A configuration starting `sdk`.
                public init(sdk: any {{Name}}NetworkStarting) {
                    self.sdk = sdk
                }

                /// Starts the SDK with the application key and the test mode; reports `started` or the SDK's error, once.
                public func start(
                    with parameters: NetworkStartParameters, completion: @escaping @Sendable (NetworkStartStatus) -> Void
                ) {
                    let once = NetworkStartCompletion(completion)
                    sdk.start(applicationKey: parameters[Self.applicationKeyParameter], testMode: parameters.isTestMode) { error in
                        once.report(error.map { .failed(.networkError($0)) } ?? .started)
                    }
                }
            }
            """#)

    /// The network's start-up surface to fill in.
    static let networkStarting = ScaffoldTemplate(
        path: "Sources/{{Name}}Adapter/{{Name}}NetworkStarting.swift",
        text: #"""
            import MediationBridge

            /// The {{Name}} SDK's start-up: a thin wrapper over the real SDK's start on a device, ``{{Name}}SandboxStarter`` in
            /// tests.
            ///
            /// FILL IN: the SDK's own start call and its parameters.
            public protocol {{Name}}NetworkStarting: Sendable {
                /// Starts the SDK with the application key and the test mode; `nil` when it is ready, else why not.
                func start(applicationKey: String?, testMode: Bool, completion: @escaping @Sendable (NetworkErrorInfo?) -> Void)
            }
            """#)

    /// The sandbox start-up the tests drive.
    static let sandboxStarter = ScaffoldTemplate(
        path: "Sources/{{Name}}Adapter/{{Name}}SandboxStarter.swift",
        text: #"""
            import MediationBridge

            /// An in-memory {{Name}} start-up: answers after `latency` on its clock with `failure` (or ready when `nil`), or
            /// never, and records what it got.
            public final class {{Name}}SandboxStarter: {{Name}}NetworkStarting {
                private struct State {
                    var starts = 0
                    var isStarted = false
                    var applicationKey: String?
                    var testMode = false
                }

                private let latency: Duration?
                private let failure: NetworkErrorInfo?
                private let clock: MediationClock
                private let state = Locked(State())

                /// A starter that answers after `latency` (never when `nil`) with `failure`, or ready when `failure` is `nil`.
                public init(latency: Duration? = .zero, failure: NetworkErrorInfo? = nil, clock: MediationClock = .continuous) {
                    self.latency = latency
                    self.failure = failure
                    self.clock = clock
                }

                /// How many starts were asked for.
                public var startCount: Int { state.withLock { $0.starts } }
                /// Whether a start made the SDK ready.
                public var isStarted: Bool { state.withLock { $0.isStarted } }
                /// The application key of the latest start.
                public var applicationKey: String? { state.withLock { $0.applicationKey } }
                /// The test mode of the latest start.
                public var testMode: Bool { state.withLock { $0.testMode } }

                /// Answers as arranged.
                public func start(applicationKey: String?, testMode: Bool, completion: @escaping @Sendable (NetworkErrorInfo?) -> Void) {
                    state.withLock { state in
                        state.starts += 1
                        state.applicationKey = applicationKey
                        state.testMode = testMode
                    }
                    guard let latency else { return }
                    let failure = failure
                    clock.schedule(after: latency) { [state] in
                        if failure == nil { state.withLock { $0.isStarted = true } }
                        completion(failure)
                    }
                }
            }
            """#)

    /// The start-up kit's test of the configuration.
    static let startupConformanceTests = ScaffoldTemplate(
        path: "Tests/{{Name}}AdapterTests/{{Name}}StartupConformanceTests.swift",
        text: #"""
            import {{Name}}Adapter
            import MediationBridge
            import MediationConformance
            import Testing

            extension NetworkStartupConformanceSubject {
                /// The {{Name}} adapter's configuration described to the start-up kit, over ``{{Name}}SandboxStarter``.
                static let {{lowerName}}Startup = NetworkStartupConformanceSubject(
                    name: "{{Name}}",
                    sampleParameters: NetworkStartParameters(
                        values: [{{Name}}AdapterConfiguration.applicationKeyParameter: "{{domainName}}-app-1"], isTestMode: true)
                ) { scenario, clock in
                    let failure = NetworkErrorInfo(domain: "com.example.{{domainName}}-network", code: 1, message: "invalid application key")
                    let starter: {{Name}}SandboxStarter
                    switch scenario {
                    case .starts(let latency): starter = {{Name}}SandboxStarter(latency: latency, clock: clock)
                    case .fails(let latency): starter = {{Name}}SandboxStarter(latency: latency, failure: failure, clock: clock)
                    case .neverAnswers: starter = {{Name}}SandboxStarter(latency: nil, clock: clock)
                    }
                    return NetworkStartupConformanceNetwork(
                        configuration: {{Name}}AdapterConfiguration(sdk: starter), failure: failure,
                        sdkStartCount: { starter.startCount }, isSDKStarted: { starter.isStarted },
                        receivedParameters: { parameters in
                            starter.applicationKey == parameters[{{Name}}AdapterConfiguration.applicationKeyParameter]
                                && starter.testMode == parameters.isTestMode
                        })
                }
            }

            @Suite struct {{Name}}StartupConformanceTests {
                @Test func theConfigurationPassesTheStartupKit() {
                    let report = NetworkStartupConformance.run(.{{lowerName}}Startup)
                    #expect(report.passed, "\(report.table)")
                }
            }
            """#)
}
