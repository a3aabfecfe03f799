import MediationCore

extension NetworkStartupConformanceSubject {
    /// The reference adapter's configuration over ``ReferenceSandboxStarter``: the example every network's
    /// start-up subject follows.
    public static let referenceExample = NetworkStartupConformanceSubject(
        name: "Reference",
        sampleParameters: NetworkStartParameters(
            values: [ReferenceAdapterConfiguration.applicationKeyParameter: "app-key-1"], isTestMode: true)
    ) { scenario, clock in
        let starter = ReferenceSandboxStarter(scenario: scenario, clock: clock)
        return NetworkStartupConformanceNetwork(
            configuration: ReferenceAdapterConfiguration(sdk: starter), failure: ReferenceSandboxStarter.failure,
            sdkStartCount: { starter.startCount }, isSDKStarted: { starter.isStarted },
            receivedParameters: { parameters in
                starter.applicationKey == parameters[ReferenceAdapterConfiguration.applicationKeyParameter]
                    && starter.testMode == parameters.isTestMode
            })
    }
}
