import MediationBridge

extension VASTInstreamCustomEvent: AdapterVersionReporting {
    /// `VAST`: the ads come from any VAST ad server or bid, not from one network.
    public var networkName: String { "VAST" }
    /// `MediationKitVersion.current`: the custom event ships with MediationKit.
    public var adapterVersion: String { MediationKitVersion.current }
    /// `none (VAST 2.0–4.3 markup)`: no network SDK; the documents are parsed and played by MediationKit.
    public var networkSDKVersion: String { "none (VAST 2.0–4.3 markup)" }
}
