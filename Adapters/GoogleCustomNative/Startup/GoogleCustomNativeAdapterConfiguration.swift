import MediationBridge

/// Google's adapter configuration: starts the Google Mobile Ads SDK once per process, as Google's guide asks
/// before the first request (`GADMobileAds.sharedInstance().start(completionHandler:)`), with the host's test
/// device identifiers when the host-wide test mode is on.
///
/// Parameters (host's, then the server's): `testDeviceIdentifiers`, a comma-separated list of device IDs
/// (the SDK logs the current device's); with the test mode on and none given, the simulator's ID
/// (``simulatorTestDeviceIdentifier``).
public struct GoogleCustomNativeAdapterConfiguration: NetworkAdapterConfiguration {
    /// The parameter key of the test device identifiers.
    public static let testDeviceIdentifiersKey = "testDeviceIdentifiers"
    /// The simulator's test device ID (`GADSimulatorID`).
    public static let simulatorTestDeviceIdentifier = "Simulator"

    /// `Google`.
    public var networkName: String { GoogleCustomNativeCustomEvent.networkName }
    /// ``GoogleCustomNativeAdapterVersion/adapter``.
    public var adapterVersion: String { GoogleCustomNativeAdapterVersion.adapter }
    /// ``GoogleCustomNativeAdapterVersion/sdkVersion``.
    public var networkSDKVersion: String { GoogleCustomNativeAdapterVersion.sdkVersion }
    /// `GoogleCustomNativeCustomEvent`.
    public var customEventIdentifiers: [String] { [GoogleCustomNativeCustomEvent.identifier] }

    private let sdk: any GoogleSDKMobileAds

    /// A configuration starting `sdk`.
    public init(sdk: any GoogleSDKMobileAds) {
        self.sdk = sdk
    }

    /// Sets the test devices when the test mode is on, then starts the SDK; reports `started` or the SDK's error.
    public func start(
        with parameters: NetworkStartParameters, completion: @escaping @Sendable (NetworkStartStatus) -> Void
    ) {
        let once = NetworkStartCompletion(completion)
        if parameters.isTestMode {
            let listed = (parameters[Self.testDeviceIdentifiersKey] ?? "").split(separator: ",").map { item in
                String(item.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
            }.filter { !$0.isEmpty }
            sdk.setTestDeviceIdentifiers(listed.isEmpty ? [Self.simulatorTestDeviceIdentifier] : listed)
        }
        sdk.start { error in once.report(error.map { .failed(.networkError($0)) } ?? .started) }
    }
}
