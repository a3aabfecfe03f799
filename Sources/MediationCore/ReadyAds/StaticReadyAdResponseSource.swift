/// A ``ReadyAdResponseSource`` that answers every load with the same response (tests, the bench, a host that
/// builds its response itself).
public struct StaticReadyAdResponseSource: ReadyAdResponseSource {
    /// The response every load runs.
    package var response: AdResponse

    /// Creates a source that answers with `response`.
    public init(response: AdResponse) {
        self.response = response
    }

    /// Answers at once with the response it was made with, its ad unit set to `adUnitID` when it names none.
    public func fetchAdResponse(
        forAdUnit adUnitID: String, privacy: PrivacySettings, targeting: Targeting,
        completion: @escaping @Sendable (Result<AdResponse, MediationError>) -> Void
    ) {
        var response = response
        if response.adUnitID == nil { response.adUnitID = adUnitID }
        completion(.success(response))
    }
}
