import MediationBridge

extension TAMediaCustomNativeAdEvent: AdapterVersionReporting {
    /// The network name the custom event logs under (`TAMedia`).
    public var networkName: String { Self.networkName }
    /// ``TAMediaAdapterVersion/adapter``.
    public var adapterVersion: String { TAMediaAdapterVersion.adapter }
    /// ``TAMediaAdapterVersion/sdkVersion``.
    public var networkSDKVersion: String { TAMediaAdapterVersion.sdkVersion }
}
