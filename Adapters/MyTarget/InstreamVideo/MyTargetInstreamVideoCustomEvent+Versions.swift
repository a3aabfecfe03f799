import MediationBridge

extension MyTargetInstreamVideoCustomEvent: AdapterVersionReporting {
    /// `myTarget`.
    public var networkName: String { "myTarget" }
    /// ``MyTargetAdaptersVersion/adapter``.
    public var adapterVersion: String { MyTargetAdaptersVersion.adapter }
    /// ``MyTargetAdaptersVersion/sdk``.
    public var networkSDKVersion: String { MyTargetAdaptersVersion.sdk }
}
