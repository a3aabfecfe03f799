import Foundation

/// How a ``Mediator`` starts the networks registered in its registry (``MediatorConfiguration/networkStartup``):
/// the host's parameters per network, where the ad server's parameters are kept between launches, and the
/// start-up timeout when the ad server sets none. MAX's `ALSdkInitializationConfiguration` and GMA's
/// `GADMobileAds.requestConfiguration`, for the start-up part.
public struct NetworkStartupSettings: Sendable, Hashable {
    /// The host's start parameters by network name (``NetworkAdapterConfiguration/networkName``), such as
    /// `["Google": ["applicationIdentifier": "ca-app-pub-…"]]`; the ad server's override them key by key.
    public var parameters: [String: [String: String]]
    /// Where the ad server's start parameters are kept for the next launch (a small JSON file); `nil` (the
    /// default) keeps them in memory for this launch only.
    public var cacheDirectory: URL?
    /// How long a network may take to start when the ad server sets no timeout (`x-network-start-timeout-ms`):
    /// 10 seconds (the per-line budget MoPub used) by default. A network that has not answered by then is
    /// `timed_out`, and its lines fail with `network_not_started`.
    public var timeout: Duration

    /// Settings with the given values and the documented defaults for the rest.
    public init(
        parameters: [String: [String: String]] = [:], cacheDirectory: URL? = nil,
        timeout: Duration = NetworkStartupDefaults.timeout
    ) {
        self.parameters = parameters
        self.cacheDirectory = cacheDirectory
        self.timeout = timeout
    }
}
