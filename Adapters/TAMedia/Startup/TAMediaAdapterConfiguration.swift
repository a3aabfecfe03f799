import MediationBridge

/// TAMedia's adapter configuration. TAMedia's documented integration (the seed: "SDK 8 MoPub Mediation Native")
/// has no SDK-wide start: each `TADNativeAd` is made with its ad unit ID and loads by itself. The configuration
/// reports `not_needed` at once, so TAMedia lines never wait, and gives the versions to the inspector.
public struct TAMediaAdapterConfiguration: NetworkAdapterConfiguration {
    /// `TAMedia`.
    public var networkName: String { TAMediaCustomNativeAdEvent.networkName }
    /// ``TAMediaAdapterVersion/adapter``.
    public var adapterVersion: String { TAMediaAdapterVersion.adapter }
    /// ``TAMediaAdapterVersion/sdkVersion``.
    public var networkSDKVersion: String { TAMediaAdapterVersion.sdkVersion }
    /// `TAMediaCustomNativeAdEvent`.
    public var customEventIdentifiers: [String] { [TAMediaCustomNativeAdEvent.identifier] }

    /// A configuration.
    public init() {}

    /// Reports `not_needed`: TAMedia has nothing to start.
    public func start(
        with parameters: NetworkStartParameters, completion: @escaping @Sendable (NetworkStartStatus) -> Void
    ) {
        completion(.notNeeded)
    }
}
