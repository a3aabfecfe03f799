import MediationBridge

/// The adapter configuration of OpenRTB bids and bidders: OpenRTB is HTTP and markup, with no SDK to start, so
/// the start-up reports `not_needed` at once and OpenRTB lines never wait. Register one per bidder name to show
/// each bidder's versions in the inspector.
public struct OpenRTBAdapterConfiguration: NetworkAdapterConfiguration {
    /// The network name (the bidder's name, `OpenRTB` by default).
    public let networkName: String
    /// The adapter's version: ``MediationKitVersion/current`` (OpenRTB ships with MediationKit).
    public var adapterVersion: String { MediationKitVersion.current }
    /// `2.6`, the OpenRTB version the bid requests follow (Native markup 1.2).
    public var networkSDKVersion: String { "2.6" }
    /// `OpenRTBNativeCustomEvent`.
    public var customEventIdentifiers: [String] { [OpenRTBNativeCustomEvent.identifier] }

    /// A configuration named `networkName`.
    public init(networkName: String = "OpenRTB") {
        self.networkName = networkName
    }

    /// Reports `not_needed`.
    public func start(
        with parameters: NetworkStartParameters, completion: @escaping @Sendable (NetworkStartStatus) -> Void
    ) {
        completion(.notNeeded)
    }
}
