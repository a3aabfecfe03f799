extension MediationRegistry {
    /// Makes a fresh in-stream custom event for one line.
    public typealias InstreamFactory = @Sendable () -> any InstreamCustomEvent

    /// The registered in-stream identifiers, sorted.
    package var instreamCustomEventIdentifiers: [String] { instreamFactories.keys.sorted() }

    /// Registers the in-stream custom event factory for `identifier`, for waterfalls that pick an in-stream
    /// source (an `InstreamAdSession` made with a mediator whose registry this is). In-stream lines need no
    /// renderer configuration.
    ///
    /// - Throws: ``MediationError/invalidConfiguration(path:reason:)`` when `identifier` is empty or taken.
    public mutating func registerInstreamCustomEvent(
        _ identifier: String, factory: @escaping InstreamFactory
    ) throws(MediationError) {
        guard !identifier.isEmpty else {
            throw .invalidConfiguration(
                path: "instreamCustomEvents", reason: "a custom event identifier must not be empty")
        }
        guard instreamFactories[identifier] == nil else {
            throw .invalidConfiguration(
                path: "instreamCustomEvents.\(identifier)",
                reason: "in-stream custom event '\(identifier)' is already registered")
        }
        instreamFactories[identifier] = factory
    }

    /// A fresh in-stream custom event for `identifier`.
    ///
    /// - Throws: ``MediationError/missingAdapter(identifier:)`` when nothing is registered under it.
    package func makeInstreamCustomEvent(_ identifier: String) throws(MediationError) -> any InstreamCustomEvent {
        guard let factory = instreamFactories[identifier] else { throw .missingAdapter(identifier: identifier) }
        return factory()
    }
}
