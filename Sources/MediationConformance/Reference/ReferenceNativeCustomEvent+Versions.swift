import MediationCore

extension ReferenceNativeCustomEvent: AdapterVersionReporting {
    /// The network name shown in a host's adapter status.
    public var networkName: String { "Reference" }
    /// ``ReferenceAdapterVersion/adapter``.
    public var adapterVersion: String { ReferenceAdapterVersion.adapter }
    /// ``ReferenceAdapterVersion/networkSDK``.
    public var networkSDKVersion: String { ReferenceAdapterVersion.networkSDK }
}
