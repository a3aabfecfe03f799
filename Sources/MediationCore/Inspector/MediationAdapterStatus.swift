/// One registered custom event as a host's debug menu and the mediation inspector show it: the network, the
/// adapter and SDK versions, bidding support and the renderer configuration that draws its ads.
///
/// Made by `Mediator.adapterStatuses` (or `MediationRegistry.adapterStatuses`) from a fresh custom event of
/// each registered factory; versions come from custom events that adopt ``AdapterVersionReporting`` and are
/// `nil` for the others.
public struct MediationAdapterStatus: Sendable, Hashable, Codable {
    /// The custom event identifier servers name in `x-custom-event-class-name`.
    public var customEvent: String
    /// The readable network name, when the custom event reports one.
    public var network: String?
    /// The adapter's version, when the custom event reports one.
    public var adapterVersion: String?
    /// The network SDK's version, when the custom event reports one.
    public var networkSDKVersion: String?
    /// Whether the custom event loads bids (``NativeCustomEvent/supportsBidding``).
    public var supportsBidding: Bool
    /// Whether a bid signal provider is registered for the custom event (it takes part in bid requests).
    public var hasBidSignalProvider: Bool
    /// Whether the custom event serves child-directed requests.
    public var supportsChildDirectedTraffic: Bool
    /// The custom-event info keys without which it makes no request.
    public var requiredInfoKeys: [String]
    /// The type name of the renderer that draws its ads, or `nil` when no renderer configuration supports it
    /// (its lines would fail with `missing_adapter`).
    public var renderer: String?
    /// The type name of the renderer configuration's settings, when a configuration supports the custom event.
    public var rendererSettings: String?

    /// Creates a status.
    public init(
        customEvent: String, network: String? = nil, adapterVersion: String? = nil, networkSDKVersion: String? = nil,
        supportsBidding: Bool = false, hasBidSignalProvider: Bool = false, supportsChildDirectedTraffic: Bool = true,
        requiredInfoKeys: [String] = [], renderer: String? = nil, rendererSettings: String? = nil
    ) {
        self.customEvent = customEvent
        self.network = network
        self.adapterVersion = adapterVersion
        self.networkSDKVersion = networkSDKVersion
        self.supportsBidding = supportsBidding
        self.hasBidSignalProvider = hasBidSignalProvider
        self.supportsChildDirectedTraffic = supportsChildDirectedTraffic
        self.requiredInfoKeys = requiredInfoKeys
        self.renderer = renderer
        self.rendererSettings = rendererSettings
    }

    /// Whether the custom event is ready to serve: a renderer configuration draws its ads.
    public var isSetUp: Bool { renderer != nil }
}
