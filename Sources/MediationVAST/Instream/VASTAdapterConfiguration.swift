import MediationBridge

/// The adapter configuration of VAST lines: a VAST tag is fetched and played with no SDK to start, so the
/// start-up reports `not_needed` at once and VAST lines never wait.
public struct VASTAdapterConfiguration: NetworkAdapterConfiguration {
    /// `VAST`.
    public var networkName: String { "VAST" }
    /// `MediationKitVersion.current` (the VAST custom event ships with MediationKit).
    public var adapterVersion: String { MediationKitVersion.current }
    /// `4.3`, the newest VAST version the parser reads (2.0 to 4.3).
    public var networkSDKVersion: String { "4.3" }
    /// `VASTInstreamCustomEvent`.
    public var customEventIdentifiers: [String] { [VASTInstreamCustomEvent.identifier] }

    /// A configuration.
    public init() {}

    /// Reports `not_needed`.
    public func start(
        with parameters: NetworkStartParameters, completion: @escaping @Sendable (NetworkStartStatus) -> Void
    ) {
        completion(.notNeeded)
    }
}
