import MediationCore

/// One fresh configuration under test with its network stand-in, made by a ``NetworkStartupConformanceSubject``
/// for one check: the configuration, and what the stand-in saw.
public struct NetworkStartupConformanceNetwork: Sendable {
    /// The configuration, over the stand-in.
    public var configuration: any NetworkAdapterConfiguration
    /// The error the stand-in fails with in ``NetworkStartupScenario/fails(after:)``; the configuration must
    /// report exactly it (`failed(.networkError(failure))`).
    public var failure: NetworkErrorInfo
    /// How many times the stand-in's SDK was asked to start.
    public var sdkStartCount: @Sendable () -> Int
    /// Whether the stand-in's SDK is ready: a configuration may report `started` only once it is.
    public var isSDKStarted: @Sendable () -> Bool
    /// Whether the stand-in's SDK received what the kit's parameters asked for (the test mode, and the keys in
    /// ``NetworkStartupConformanceSubject/sampleParameters``).
    public var receivedParameters: @Sendable (NetworkStartParameters) -> Bool

    /// Creates a network.
    public init(
        configuration: any NetworkAdapterConfiguration, failure: NetworkErrorInfo,
        sdkStartCount: @escaping @Sendable () -> Int, isSDKStarted: @escaping @Sendable () -> Bool,
        receivedParameters: @escaping @Sendable (NetworkStartParameters) -> Bool
    ) {
        self.configuration = configuration
        self.failure = failure
        self.sdkStartCount = sdkStartCount
        self.isSDKStarted = isSDKStarted
        self.receivedParameters = receivedParameters
    }
}
