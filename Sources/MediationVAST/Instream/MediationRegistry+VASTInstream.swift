import MediationBridge

extension MediationRegistry {
    /// Registers ``VASTInstreamCustomEvent`` under `VASTInstreamCustomEvent` for in-stream waterfalls, so that a
    /// line naming it with a `vastTagURL` in its info, or a video bid whose `adm` is VAST, loads and plays; each
    /// line gets a fresh custom event over `loader`, `trackerPinger`, `capabilities`, `policy` and `client`.
    ///
    /// - Parameters:
    ///   - loader: fetches tags and wrappers (`HTTPVASTDocumentLoader()` from `MediationVASTNetworking`).
    ///   - trackerPinger: fires every VAST URL (the durable `URLSessionTrackerPinger` in production).
    ///   - capabilities: what the host's player plays.
    ///   - policy: the wrapper chain's bounds.
    ///   - client: the app and device data of the client macros (`[APPBUNDLE]`, `[IFA]`, `[DEVICEUA]`, …), sent
    ///     as each request's privacy allows.
    /// - Throws: `MediationError.invalidConfiguration(path:reason:)` when the name is taken.
    public mutating func registerVASTInstream(
        loader: any VASTDocumentLoading, trackerPinger: any TrackerPinging,
        capabilities: VASTPlayerCapabilities = .standard, policy: VASTResolutionPolicy = .standard,
        client: VASTClientInfo = .none
    ) throws(MediationError) {
        try registerInstreamCustomEvent(VASTInstreamCustomEvent.identifier) {
            VASTInstreamCustomEvent(
                loader: loader, trackerPinger: trackerPinger, capabilities: capabilities, policy: policy,
                client: client)
        }
    }
}
