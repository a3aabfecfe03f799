import MediationBridge

/// myTarget's adapter configuration: turns on the SDK's debug mode when the host-wide test mode is on (the
/// seed's `[MTRGManager setDebugMode:YES]`) and initialises the SDK once per process (`MTRGManager.initSdk()`,
/// which myTarget recommends early in `application:didFinishLaunchingWithOptions:` so that the first request is
/// not slowed by it). Covers every myTarget line: native banner, in-stream video and in-stream audio.
///
/// myTarget takes no start parameters: slot IDs travel with each line.
public struct MyTargetAdapterConfiguration: NetworkAdapterConfiguration {
    /// `myTarget`.
    public static let networkName = "myTarget"

    /// `myTarget`.
    public var networkName: String { Self.networkName }
    /// ``MyTargetAdaptersVersion/adapter``.
    public var adapterVersion: String { MyTargetAdaptersVersion.adapter }
    /// ``MyTargetAdaptersVersion/sdk``.
    public var networkSDKVersion: String { MyTargetAdaptersVersion.sdk }
    /// The native banner, in-stream video and in-stream audio custom events.
    public var customEventIdentifiers: [String] {
        [
            MyTargetNativeBannerCustomEvent.identifier, MyTargetInstreamVideoCustomEvent.identifier,
            MyTargetInstreamAudioCustomEvent.identifier,
        ]
    }

    private let manager: any MyTargetSDKManager

    /// A configuration starting `manager`.
    public init(manager: any MyTargetSDKManager) {
        self.manager = manager
    }

    /// Sets the debug mode from the test mode, then initialises the SDK; reports `started` or the SDK's error.
    public func start(
        with parameters: NetworkStartParameters, completion: @escaping @Sendable (NetworkStartStatus) -> Void
    ) {
        let once = NetworkStartCompletion(completion)
        manager.setDebugMode(parameters.isTestMode)
        manager.initSDK { error in once.report(error.map { .failed(.networkError($0)) } ?? .started) }
    }
}
