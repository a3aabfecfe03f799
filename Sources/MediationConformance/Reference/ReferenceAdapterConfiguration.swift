import MediationCore

/// The reference adapter's configuration: the pattern every network's start-up follows. It passes the
/// `applicationKey` parameter and the test mode to the SDK, wraps the completion so that an SDK calling back twice
/// reports once, and keeps the SDK's error unchanged.
public struct ReferenceAdapterConfiguration: NetworkAdapterConfiguration {
    /// The parameter key of the application key.
    public static let applicationKeyParameter = "applicationKey"

    /// `Reference`.
    public var networkName: String { "Reference" }
    /// ``ReferenceAdapterVersion/adapter``.
    public var adapterVersion: String { ReferenceAdapterVersion.adapter }
    /// ``ReferenceSandboxNetwork/sdkVersion``.
    public var networkSDKVersion: String { ReferenceSandboxNetwork.sdkVersion }
    /// The reference custom event.
    public var customEventIdentifiers: [String] { [ReferenceNativeCustomEvent.identifier] }

    private let sdk: any ReferenceNetworkStarting

    /// A configuration starting `sdk`.
    public init(sdk: any ReferenceNetworkStarting) {
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
