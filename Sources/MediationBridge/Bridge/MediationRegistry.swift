/// The custom events a host can run, by identifier, and its renderer configurations, in order.
///
/// Registering an identifier twice is an error, never a silent overwrite: two adapters claiming one server
/// name is a setup bug the host must see.
public struct MediationRegistry: Sendable {
    /// Makes a fresh custom event for one line.
    public typealias Factory = @Sendable () -> any NativeCustomEvent

    private var factories: [String: Factory] = [:]

    /// For each identifier a factory or a renderer configuration names: its factory, and the index of the first
    /// renderer configuration that lists it. Kept up to date as both are added, so that resolving a native line
    /// (``resolveNativeLine(_:)``, for every line of every load) is one lookup, not a hash for the factory and a
    /// search of the configurations.
    private var nativeLines: [String: NativeLine] = [:]

    private struct NativeLine: Sendable {
        var factory: Factory?
        var rendererConfigurationIndex: Int?
    }

    /// The in-stream custom event factories, by identifier (see ``registerInstreamCustomEvent(_:factory:)``).
    package var instreamFactories: [String: InstreamFactory] = [:]

    /// The bid signal providers, by custom event identifier (see ``registerBidSignalProvider(_:timeout:)``).
    package var bidSignalProviders: [String: BidSignalRegistration] = [:]

    /// The network adapter configurations, in the order registered (see ``registerNetworkConfiguration(_:)``).
    package var networkConfigurations: [any NetworkAdapterConfiguration] = []

    /// The renderer configurations, in matching order.
    public private(set) var rendererConfigurations: [NativeAdRendererConfiguration] = []

    /// An empty registry.
    public init() {}

    /// The registered identifiers, sorted.
    public var customEventIdentifiers: [String] { factories.keys.sorted() }

    /// Registers the factory for `identifier`.
    ///
    /// - Throws: ``MediationError/invalidConfiguration(path:reason:)`` when `identifier` is empty or taken.
    public mutating func registerCustomEvent(_ identifier: String, factory: @escaping Factory) throws(MediationError) {
        guard !identifier.isEmpty else {
            throw .invalidConfiguration(path: "customEvents", reason: "a custom event identifier must not be empty")
        }
        guard factories[identifier] == nil else {
            throw .invalidConfiguration(
                path: "customEvents.\(identifier)", reason: "custom event '\(identifier)' is already registered")
        }
        factories[identifier] = factory
        // A configuration added earlier that lists it has already made its entry, with its index.
        nativeLines[identifier, default: NativeLine()].factory = factory
    }

    /// Appends a renderer configuration; earlier ones win.
    public mutating func addRendererConfiguration(_ configuration: NativeAdRendererConfiguration) {
        let index = rendererConfigurations.count
        rendererConfigurations.append(configuration)
        // Earlier configurations win: only identifiers no configuration listed yet take this one.
        for identifier in configuration.supportedCustomEvents {
            if nativeLines[identifier]?.rendererConfigurationIndex == nil {
                nativeLines[identifier, default: NativeLine()].rendererConfigurationIndex = index
            }
        }
    }

    /// The first renderer configuration that lists `identifier`.
    ///
    /// - Throws: ``MediationError/missingAdapter(identifier:)`` when none does.
    package func rendererConfiguration(for identifier: String) throws(MediationError) -> NativeAdRendererConfiguration {
        rendererConfigurations[try rendererConfigurationIndex(for: identifier)]
    }

    /// The index in ``rendererConfigurations`` of the first configuration that supports `identifier`.
    ///
    /// - Throws: ``MediationError/missingAdapter(identifier:)`` when none does.
    package func rendererConfigurationIndex(for identifier: String) throws(MediationError) -> Int {
        guard let index = rendererConfigurations.firstIndex(where: { $0.supports(identifier) }) else {
            throw .missingAdapter(identifier: identifier)
        }
        return index
    }

    /// A fresh custom event for a native line naming `identifier` and the index in ``rendererConfigurations`` of
    /// the first configuration that lists it, in one lookup: ``makeCustomEvent(_:)`` and
    /// ``rendererConfigurationIndex(for:)`` together.
    ///
    /// - Throws: ``MediationError/missingAdapter(identifier:)`` when no factory is registered under it or no
    ///   configuration lists it.
    package func resolveNativeLine(_ identifier: String) throws(MediationError) -> (
        customEvent: any NativeCustomEvent, rendererConfigurationIndex: Int
    ) {
        guard let line = nativeLines[identifier], let factory = line.factory,
            let rendererConfigurationIndex = line.rendererConfigurationIndex
        else { throw .missingAdapter(identifier: identifier) }
        return (factory(), rendererConfigurationIndex)
    }

    /// A fresh custom event for `identifier`.
    ///
    /// - Throws: ``MediationError/missingAdapter(identifier:)`` when nothing is registered under it.
    package func makeCustomEvent(_ identifier: String) throws(MediationError) -> any NativeCustomEvent {
        guard let factory = factories[identifier] else { throw .missingAdapter(identifier: identifier) }
        return factory()
    }

    /// The renderer configuration and a fresh custom event for a line, as MoPub resolved them: the renderer
    /// first, then the class.
    ///
    /// - Throws: ``MediationError/missingAdapter(identifier:)`` when either is missing.
    package func resolve(_ identifier: String) throws(MediationError) -> (
        customEvent: any NativeCustomEvent, rendererConfiguration: NativeAdRendererConfiguration
    ) {
        let configuration = try rendererConfiguration(for: identifier)
        return (try makeCustomEvent(identifier), configuration)
    }
}
