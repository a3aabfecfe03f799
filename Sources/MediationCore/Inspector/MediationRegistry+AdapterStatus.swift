extension MediationRegistry {
    /// Every registered custom event's status, sorted by identifier: one fresh custom event is made from each
    /// factory to read its bidding support and versions (``AdapterVersionReporting``); none is asked to load.
    public var adapterStatuses: [MediationAdapterStatus] {
        customEventIdentifiers.map { identifier in
            var status = MediationAdapterStatus(
                customEvent: identifier, hasBidSignalProvider: bidSignalRegistration(for: identifier) != nil)
            if let event = try? makeCustomEvent(identifier) {
                status.supportsBidding = event.supportsBidding
                status.supportsChildDirectedTraffic = event.supportsChildDirectedTraffic
                status.requiredInfoKeys = event.requiredInfoKeys
                if let versions = event as? any AdapterVersionReporting {
                    status.network = versions.networkName
                    status.adapterVersion = versions.adapterVersion
                    status.networkSDKVersion = versions.networkSDKVersion
                }
            }
            if let configuration = try? rendererConfiguration(for: identifier) {
                status.renderer = String(describing: configuration.rendererType)
                status.rendererSettings = String(describing: type(of: configuration.settings))
            }
            return status
        }
    }
}
