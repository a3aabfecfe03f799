/// Where a ``ReadyAdCache`` gets the ad response of each load: MediationNetworking's `HTTPAdResponseSource` in
/// production (it conforms), ``StaticReadyAdResponseSource`` for a response the host already has.
///
/// Rules for conformers: call `completion` exactly once, from any thread, possibly synchronously from inside the
/// call; report a response that cannot be fetched or parsed as a ``MediationError``.
public protocol ReadyAdResponseSource: Sendable {
    /// Fetches the ad response for `adUnitID` with `privacy` (the mediator's, when the load starts) and
    /// `targeting` (the demand's).
    func fetchAdResponse(
        forAdUnit adUnitID: String, privacy: PrivacySettings, targeting: Targeting,
        completion: @escaping @Sendable (Result<AdResponse, MediationError>) -> Void)
}
