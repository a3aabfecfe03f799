extension Mediator {
    /// The registered custom events with their network, adapter and SDK versions, bidding support and renderer,
    /// for a host's debug menu (``MediationRegistry/adapterStatuses``).
    public var adapterStatuses: [MediationAdapterStatus] { registry.adapterStatuses }
}
