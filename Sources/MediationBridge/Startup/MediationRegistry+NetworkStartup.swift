extension MediationRegistry {
    /// Registers a network's adapter configuration (MoPub's `MPAdapterConfiguration`, what linking an adapter
    /// gives MAX or GMA): `Mediator.startNetworks()` starts it with the others, and a line whose custom event it
    /// lists (``NetworkAdapterConfiguration/customEventIdentifiers``) waits for its start-up, starting it if
    /// nothing has yet.
    ///
    /// - Throws: ``MediationError/invalidConfiguration(path:reason:)`` when the network name is empty or taken, or
    ///   one of its custom event identifiers is already listed by another configuration.
    public mutating func registerNetworkConfiguration(
        _ configuration: any NetworkAdapterConfiguration
    ) throws(MediationError) {
        let name = configuration.networkName
        guard !name.isEmpty else {
            throw .invalidConfiguration(path: "networkConfigurations", reason: "a network name must not be empty")
        }
        guard !networkConfigurations.contains(where: { $0.networkName == name }) else {
            throw .invalidConfiguration(
                path: "networkConfigurations.\(name)", reason: "network '\(name)' already has a configuration")
        }
        for identifier in configuration.customEventIdentifiers {
            if let other = networkConfigurations.first(where: { $0.customEventIdentifiers.contains(identifier) }) {
                throw .invalidConfiguration(
                    path: "networkConfigurations.\(name).customEventIdentifiers",
                    reason: "custom event '\(identifier)' already belongs to network '\(other.networkName)'")
            }
        }
        networkConfigurations.append(configuration)
    }
}
