/// Information about one ad response (`GoogleSDKResponseInfo`), for debugging and reporting.
public struct GoogleSDKResponseInfo: Sendable, Hashable {
    /// The response's identifier (`responseIdentifier`).
    public var responseIdentifier: String?
    /// The class of the network adapter that served it (`loadedAdNetworkResponseInfo.adNetworkClassName`).
    public var adNetworkClassName: String?

    /// Creates response information.
    public init(responseIdentifier: String? = nil, adNetworkClassName: String? = nil) {
        self.responseIdentifier = responseIdentifier
        self.adNetworkClassName = adNetworkClassName
    }
}
