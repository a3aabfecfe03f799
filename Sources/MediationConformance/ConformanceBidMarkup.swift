/// The bid markup the conformance kit hands a custom event in its bidding checks.
///
/// Rules for network stand-ins: the markup load call loads ``valid`` like any markup (answering as the arranged
/// ``ConformanceScenario`` says), and rejects a markup the driver named through
/// ``ConformanceNetworkDriver/rejectBidMarkup`` with the SDK's own error, whatever the scenario.
public enum ConformanceBidMarkup {
    /// A markup the network loads: `conformance-bid-markup-1` (the same one ``ConformanceRequestInputs/probes``
    /// carries).
    public static let valid = "conformance-bid-markup-1"
    /// The markup the kit makes the stand-in reject (``ConformanceNetworkDriver/rejectBidMarkup``):
    /// `conformance-rejected-bid-markup`.
    public static let rejected = "conformance-rejected-bid-markup"
    /// Markup a custom event that loads bids must refuse itself, before any network call, with
    /// `invalidBidMarkup(path: "adm", …)`: empty, and only white space.
    public static let refusedByAdapter = ["", " \n\t "]
}
