/// What a network's ``NetworkAdapterConfiguration/start(with:completion:)`` receives: the network's parameters
/// (the host's, overridden key by key by the ad server's, as MoPub merged them), the host-wide test mode and the
/// privacy state at start-up.
///
/// Keys are the network's own (`appId`, `applicationKey`, …): MediationKit passes them through unchanged.
public struct NetworkStartParameters: Sendable, Hashable {
    /// The merged parameters: the host's, then the ad server's (cached from earlier launches) on top.
    public var values: [String: String]
    /// Whether the host asked for test ads everywhere (GMA's test device IDs, MAX's test mode, myTarget's debug
    /// mode). A configuration passes it to its SDK; the engine also hands it to every request.
    public var isTestMode: Bool
    /// The privacy signals when the start began; a network that takes consent at start-up reads them here.
    public var privacy: PrivacySettings

    /// Creates start parameters.
    public init(values: [String: String] = [:], isTestMode: Bool = false, privacy: PrivacySettings = .unrestricted) {
        self.values = values
        self.isTestMode = isTestMode
        self.privacy = privacy
    }

    /// `host` overridden key by key by `server`: MoPub's rule, in which the ad server's values for a network
    /// win over the ones compiled into the app.
    package static func merging(host: [String: String], server: [String: String]) -> [String: String] {
        host.merging(server) { _, serverValue in serverValue }
    }

    /// The value for `key`, or `nil`.
    public subscript(key: String) -> String? { values[key] }
}
