extension MediationRegistry {
    /// Every registered custom event's status, native ones first, each kind sorted by identifier: one fresh custom
    /// event is made from each factory to read its bidding support and versions (``AdapterVersionReporting``);
    /// none is asked to load.
    public var adapterStatuses: [MediationAdapterStatus] {
        nativeAdapterStatuses + instreamAdapterStatuses
    }

    private var nativeAdapterStatuses: [MediationAdapterStatus] {
        customEventIdentifiers.map { identifier in
            var status = MediationAdapterStatus(
                customEvent: identifier, hasBidSignalProvider: bidSignalRegistration(for: identifier) != nil)
            if let event = try? makeCustomEvent(identifier) {
                status.supportsBidding = event.supportsBidding
                status.supportsChildDirectedTraffic = event.supportsChildDirectedTraffic
                status.requiredInfoKeys = event.requiredInfoKeys
                status.readVersions(of: event)
            }
            if let configuration = try? rendererConfiguration(for: identifier) {
                status.renderer = String(describing: configuration.rendererType)
                status.rendererSettings = String(describing: type(of: configuration.settings))
            }
            return status
        }
    }

    private var instreamAdapterStatuses: [MediationAdapterStatus] {
        instreamCustomEventIdentifiers.map { identifier in
            var status = MediationAdapterStatus(customEvent: identifier)
            status.format = .instream
            if let event = try? makeInstreamCustomEvent(identifier) {
                status.supportsBidding = event.supportsBidding
                status.readVersions(of: event)
            }
            return status
        }
    }
}

extension MediationAdapterStatus {
    /// Copies the network name and versions of a custom event that adopts ``AdapterVersionReporting``.
    fileprivate mutating func readVersions(of event: Any) {
        guard let versions = event as? any AdapterVersionReporting else { return }
        network = versions.networkName
        adapterVersion = versions.adapterVersion
        networkSDKVersion = versions.networkSDKVersion
    }
}
