import MediationCore

extension ReferenceNativeCustomEvent {
    /// Registers the custom event under `identifier` (a fresh one per line over `loader`) and its bidder, a
    /// ``ReferenceBidSignalProvider`` over `bidderTokens`, whose signal the mediator waits for at most
    /// `signalTimeout`.
    ///
    /// - Throws: `MediationError.invalidConfiguration(path:reason:)` when the identifier is taken or already has
    ///   a bidder.
    public static func register(
        in registry: inout MediationRegistry, loader: any ReferenceNativeAdLoading,
        bidderTokens: any ReferenceBidderTokenLoading,
        signalTimeout: Duration = .seconds(1)
    ) throws(MediationError) {
        try registry.registerCustomEvent(identifier) { ReferenceNativeCustomEvent(loader: loader) }
        try registry.registerBidSignalProvider(
            ReferenceBidSignalProvider(network: bidderTokens), timeout: signalTimeout)
    }
}
