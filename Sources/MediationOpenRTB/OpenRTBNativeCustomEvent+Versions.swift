import MediationBridge

extension OpenRTBNativeCustomEvent: AdapterVersionReporting {
    /// `OpenRTB`: the bids come from OpenRTB bidders, not from one network.
    public var networkName: String { "OpenRTB" }
    /// ``MediationKitVersion/current``: the custom event ships with MediationKit.
    public var adapterVersion: String { MediationKitVersion.current }
    /// `none (OpenRTB Native markup)`: no network SDK; the markup is mapped by MediationKit.
    public var networkSDKVersion: String { "none (OpenRTB Native markup)" }
}
