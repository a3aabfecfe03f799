import MediationSupport

/// One network's start-up as the inspector, `mediation demo` and a host's debug menu show it: the status, how
/// long the start took and the network's error.
public struct NetworkStartupRecord: Sendable, Hashable {
    /// The network's name (``NetworkAdapterConfiguration/networkName``).
    public var network: String
    /// Where the start-up is.
    public var status: NetworkStartStatus
    /// How long the start took, from the call to the network's answer (or to the timeout); `nil` until it ends
    /// and for a network that was never started.
    public var startDuration: Duration?
    /// The adapter's version.
    public var adapterVersion: String
    /// The network SDK's version.
    public var networkSDKVersion: String

    /// Creates a record.
    package init(
        network: String, status: NetworkStartStatus, startDuration: Duration? = nil, adapterVersion: String = "",
        networkSDKVersion: String = ""
    ) {
        self.network = network
        self.status = status
        self.startDuration = startDuration
        self.adapterVersion = adapterVersion
        self.networkSDKVersion = networkSDKVersion
    }

    /// ``startDuration`` in whole milliseconds (rounded down), as JSON and the tables show it.
    package var startMilliseconds: Int? { startDuration.map { Int($0.wholeMilliseconds) } }

    /// The error to show: the network's own when the start failed, `timeout` when it timed out; otherwise `nil`.
    public var errorDescription: String? {
        switch status {
        case .failed(let error): error.description
        case .timedOut: "no answer within the start-up timeout"
        default: nil
        }
    }
}
