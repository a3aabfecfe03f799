/// One registered custom event as a host's debug menu and the mediation inspector show it: the network, the
/// adapter and SDK versions, bidding support and the renderer configuration that draws its ads.
///
/// Made by `Mediator.adapterStatuses` (or `MediationRegistry.adapterStatuses`) from a fresh custom event of
/// each registered factory, native and in-stream; versions come from custom events that adopt
/// ``AdapterVersionReporting`` and are `nil` for the others.
public struct MediationAdapterStatus: Sendable, Hashable, Codable {
    /// The custom event identifier servers name in `x-custom-event-class-name`.
    public var customEvent: String
    /// Native or in-stream; `native` unless set (an in-stream status is made by
    /// ``MediationRegistry/adapterStatuses`` from the in-stream registry).
    public var format: MediationAdapterFormat = .native
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
    package init(
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

    /// Whether the custom event is ready to serve: a renderer configuration draws its native ads; an in-stream
    /// custom event needs none (the host's player plays its ads).
    public var isSetUp: Bool { format == .instream || renderer != nil }
}

extension MediationAdapterStatus {
    /// Decodes a status; a status written before in-stream custom events were listed has no `format` and is
    /// native.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            customEvent: try container.decode(String.self, forKey: .customEvent),
            network: try container.decodeIfPresent(String.self, forKey: .network),
            adapterVersion: try container.decodeIfPresent(String.self, forKey: .adapterVersion),
            networkSDKVersion: try container.decodeIfPresent(String.self, forKey: .networkSDKVersion),
            supportsBidding: try container.decode(Bool.self, forKey: .supportsBidding),
            hasBidSignalProvider: try container.decode(Bool.self, forKey: .hasBidSignalProvider),
            supportsChildDirectedTraffic: try container.decode(Bool.self, forKey: .supportsChildDirectedTraffic),
            requiredInfoKeys: try container.decode([String].self, forKey: .requiredInfoKeys),
            renderer: try container.decodeIfPresent(String.self, forKey: .renderer),
            rendererSettings: try container.decodeIfPresent(String.self, forKey: .rendererSettings))
        format = try container.decodeIfPresent(MediationAdapterFormat.self, forKey: .format) ?? .native
    }
}
