import MediationBridge

extension GoogleCustomNativeCustomEvent: AdapterVersionReporting {
    /// The network name the custom event logs under (`Google`).
    public var networkName: String { Self.networkName }
    /// ``GoogleCustomNativeAdapterVersion/adapter``.
    public var adapterVersion: String { GoogleCustomNativeAdapterVersion.adapter }
    /// ``GoogleCustomNativeAdapterVersion/sdkVersion``.
    public var networkSDKVersion: String { GoogleCustomNativeAdapterVersion.sdkVersion }
}
